import { Link } from "react-router";
import { PhoneLink } from "~/components/site/phone-link";

// STYLE rule 8: the wizard needs JavaScript. Without it, this notice shows in its place (the
// no-js variant hides the wizard) and offers the phone and the contact form.

export function WizardFallback() {
  return (
    <div className="rounded-lg border border-gold/60 bg-white p-6 leading-relaxed">
      <p className="font-semibold">Our instant online quote needs JavaScript in your browser.</p>
      <p className="mt-2 text-ink-soft">
        If the quote does not appear, call us on <PhoneLink /> and we will quote over the phone, or
        send us a message through the{" "}
        <Link to="/contact" className="font-semibold underline underline-offset-4">
          contact form
        </Link>
        .
      </p>
    </div>
  );
}
