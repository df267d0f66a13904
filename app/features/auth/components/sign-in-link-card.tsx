import { Form, Link, useNavigation } from "react-router";
import { FormMessage } from "~/components/kit/form-message";
import { buttonClasses } from "~/components/ui/button";

export type SignInLinkText = {
  intro: string;
  submit: string;
  submitting: string;
  invalid: string;
  askAgain: string;
};

/**
 * The card a sign-in link opens, for customers and cleaners alike: a Sign in button that posts the
 * link's token (opening the page spends nothing: mail scanners fetch links first), or, for a link
 * that cannot be used, why and a way to ask for a new one
 * (docs/decisions/0063-cleaner-app-sign-in.md).
 */
export function SignInLinkCard({
  usable,
  token,
  text,
  askAgainHref,
  hidden = {},
}: {
  usable: boolean;
  token: string;
  text: SignInLinkText;
  askAgainHref: string;
  /** More fields the POST carries (where to go after signing in) */
  hidden?: Record<string, string | null>;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="rounded-lg border border-line bg-white p-6 sm:p-8">
      {usable ? (
        <Form method="post" replace className="space-y-5">
          <p className="text-ink-soft">{text.intro}</p>
          <input type="hidden" name="token" value={token} />
          {Object.entries(hidden).map(([name, value]) =>
            value ? <input key={name} type="hidden" name={name} value={value} /> : null,
          )}
          <button
            type="submit"
            disabled={busy}
            className={buttonClasses("ink", "w-full sm:w-auto")}
          >
            {busy ? text.submitting : text.submit}
          </button>
        </Form>
      ) : (
        <div className="space-y-5">
          <FormMessage message={text.invalid} />
          <Link to={askAgainHref} className={buttonClasses("ink")}>
            {text.askAgain}
          </Link>
        </div>
      )}
    </div>
  );
}
