import { Eye } from "lucide-react";
import { useFetcher } from "react-router";
import { FormMessage } from "~/components/kit/form-message";
import { useResultToast } from "~/components/kit/toast";
import { buttonClasses } from "~/components/ui/button";
import { PROFILE_TEXT } from "../cleaner-admin-copy";
import type { MaskedPayment } from "../cleaner-profile";
import type { ProfileAnswer } from "../profile-answer";
import { Facts, Section } from "./profile-sections";

// docs/decisions/0011-encrypted-bank-details.md: bank and tax numbers masked; an owner's Reveal
// asks the server, which checks sensitive.reveal and writes an audit entry before answering.

export function PaymentDetails({
  payment,
  canReveal,
}: {
  payment: MaskedPayment | null;
  canReveal: boolean;
}) {
  const fetcher = useFetcher<ProfileAnswer>();
  const answer = fetcher.data?.intent === "reveal" ? fetcher.data : undefined;
  useResultToast(answer);
  const shown = answer?.payment;
  const value = (masked: string | null, plain: string | null | undefined) =>
    (shown ? plain : masked) ?? PROFILE_TEXT.notProvided;
  return (
    <Section id="payment" title="Payment details">
      {!payment ? (
        <p className="text-sm">No payment details given.</p>
      ) : (
        <>
          <Facts
            items={[
              ["Bank", payment.bankName ?? PROFILE_TEXT.notProvided],
              ["Account name", payment.accountName ?? PROFILE_TEXT.notProvided],
              ["BSB", value(payment.bsb, shown?.bsb)],
              ["Account number", value(payment.accountNumber, shown?.accountNumber)],
              ["Tax file number", value(payment.tfn, shown?.tfn)],
              ["Super fund", payment.superFund ?? PROFILE_TEXT.notProvided],
              ["Super member number", value(payment.superMemberNumber, shown?.superMemberNumber)],
            ]}
          />
          <div className="mt-4 space-y-2">
            <FormMessage message={answer?.error} />
            {canReveal && !shown && (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="reveal" />
                <button
                  type="submit"
                  disabled={fetcher.state !== "idle"}
                  className={buttonClasses(
                    "outline",
                    "dark:border-ivory/40 dark:text-ivory dark:hover:bg-ivory/10",
                  )}
                >
                  <Eye aria-hidden="true" className="size-4" />
                  Reveal payment details
                </button>
              </fetcher.Form>
            )}
            <p className="text-sm text-muted dark:text-mist">
              {canReveal
                ? "Revealing is recorded in the audit log with your name."
                : "Only an owner can reveal these numbers."}
            </p>
          </div>
        </>
      )}
    </Section>
  );
}
