import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { EmailField } from "~/components/forms/bound-fields";
import { useAppForm } from "~/components/forms/use-app-form";
import { FormFooter, Honeypot } from "~/components/site/forms/form-field";
import type { CleanerSignInActionData } from "../cleaner-actions.server";
import { CLEANER_SIGN_IN_TEXT } from "../cleaner-app-copy";
import { CleanerSignInSchema } from "../cleaner-app.schema";

/** The answer to a request for a link: the same words for every email, focused when it comes. */
function SentNotice({ email }: { email: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), [email]);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="status"
      className="rounded-md border border-success/40 bg-success/5 px-4 py-3 text-sm font-semibold text-success outline-none"
    >
      {CLEANER_SIGN_IN_TEXT.sent(email)}
    </p>
  );
}

/** Email me a sign-in link: a plain <Form>, so it works before JavaScript loads. */
export function CleanerSignInForm({ result }: { result?: CleanerSignInActionData }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { fields, formProps } = useAppForm(CleanerSignInSchema, { id: "cleaner-sign-in", result });
  const sent = result && "sent" in result ? result.sent : null;
  const formError = result && "formError" in result ? result.formError : undefined;
  return (
    <div className="space-y-6">
      {sent && <SentNotice email={sent} />}
      <Form method="post" {...formProps} className="relative grid gap-5">
        <Honeypot />
        <EmailField meta={fields.email} />
        <FormFooter
          status={{ tone: "error", message: fields.email.errors?.[0] ? undefined : formError }}
          busy={busy}
          label={CLEANER_SIGN_IN_TEXT.submit}
          busyLabel={CLEANER_SIGN_IN_TEXT.submitting}
        />
      </Form>
    </div>
  );
}
