import { Link } from "react-router";
import { PhoneLink } from "./phone-link";

// docs/conventions.md#forms-without-javascript: what needs JavaScript (the quote wizard, the post-construction request) shows
// this notice in its place without it, and offers the phone and the contact form.

type Props = {
  /** The first line: "Our instant online quote needs JavaScript in your browser." */
  message: string;
  /** What may not appear: "the quote" */
  missing: string;
  /** What we do instead over the phone: "quote over the phone" */
  byPhone: string;
  /** A sentence after the contact form's link */
  closing?: string;
};

export function NeedsJavaScript({ message, missing, byPhone, closing }: Props) {
  return (
    <div className="rounded-lg border border-gold/60 bg-white p-6 leading-relaxed">
      <p className="font-semibold">{message}</p>
      <p className="mt-2 text-ink-soft">
        If {missing} does not appear, call us on <PhoneLink /> and we will {byPhone}, or send us a
        message through the{" "}
        <Link to="/contact" className="font-semibold underline underline-offset-4">
          contact form
        </Link>
        .{closing ? ` ${closing}` : ""}
      </p>
    </div>
  );
}
