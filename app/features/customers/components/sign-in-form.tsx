import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { EmailField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { FormFooter, Honeypot } from "~/components/site/forms/form-field";
import type { SignInActionData } from "../account-actions.server";
import { SignInRequestSchema } from "../customer-account.schema";
import { SIGN_IN_TEXT } from "../customer-copy";

/**
 * Email me a sign-in link. A plain <Form>, so it works before JavaScript loads; the answer for a
 * known and an unknown email is the same "check your email" text, which takes focus.
 */
export function SignInForm({
  redirectTo,
  result,
}: {
  redirectTo: string | null;
  result?: SignInActionData;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/sign-in");
  const { fields, formProps } = useAppForm(SignInRequestSchema, { id: "sign-in", result });
  const sentRef = useRef<HTMLParagraphElement>(null);
  const sent = result && "sent" in result ? result.sent : null;

  useEffect(() => {
    if (!sent) return;
    sentRef.current?.focus();
    sentRef.current?.scrollIntoView({ block: "center" });
  }, [sent, result]);

  const problem = result && !("sent" in result) ? result : undefined;
  const fieldError = fields.email.errors?.[0];

  return (
    <div className="space-y-6">
      {sent && (
        <p
          ref={sentRef}
          tabIndex={-1}
          role="status"
          className="scroll-mt-28 rounded-md border border-success/40 bg-success/5 px-4 py-3 text-sm font-semibold text-success outline-none"
        >
          {SIGN_IN_TEXT.sent(sent)}
        </p>
      )}
      <Form method="post" action="/sign-in" {...formProps} className="relative grid gap-5">
        <Honeypot />
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <EmailField meta={fields.email} />
        <FormFooter
          status={{
            tone: "error",
            message: fieldError ? undefined : problem?.formError,
          }}
          busy={Boolean(busy)}
          label={SIGN_IN_TEXT.submit}
          busyLabel={SIGN_IN_TEXT.submitting}
        />
      </Form>
    </div>
  );
}
