import { Form, useActionData, useNavigation } from "react-router";
import { FormFooter, Honeypot } from "~/components/site/forms/form-field";
import type { BookingLinkActionData } from "../account-actions.server";
import { BOOKING_LINK_INTENT, BOOKING_TEXT, GUEST_BOOKING_TEXT } from "../customer-copy";

/**
 * "Email me a sign-in link" under a booking opened by its reference
 * (docs/decisions/0053-guest-booking-page.md): one press, no email to type, since the link goes to
 * the email the booking was made with. A plain <Form>, so it works before JavaScript loads.
 */
export function BookingSignInLink({ reference }: { reference: string }) {
  const action = `/bookings?ref=${encodeURIComponent(reference)}`;
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === BOOKING_LINK_INTENT;
  const posted = useActionData<BookingLinkActionData | object>();
  const sent = Boolean(posted && "linkSent" in posted);
  const error = posted && "linkError" in posted ? posted.linkError : undefined;
  return (
    <Form
      method="post"
      action={action}
      className="relative mt-5 grid gap-4 border-t border-line pt-4"
    >
      <p className="text-sm text-ink-soft">{BOOKING_TEXT.readOnly}</p>
      <Honeypot />
      <input type="hidden" name="intent" value={BOOKING_LINK_INTENT} />
      <FormFooter
        status={
          sent
            ? { tone: "success", message: GUEST_BOOKING_TEXT.sent }
            : { tone: "error", message: error }
        }
        busy={busy}
        label={GUEST_BOOKING_TEXT.submit}
        busyLabel={GUEST_BOOKING_TEXT.submitting}
      />
    </Form>
  );
}
