import { ShieldCheck } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { buttonClasses } from "~/components/ui/button";
import type { TwoFactorState } from "../two-factor";
import { PRIMARY_BUTTON } from "./button-tones";
import { RecoveryCodes } from "./recovery-codes";
import { FormMessage } from "~/components/kit/form-message";
import { useResultToast, type ToastMessage } from "~/components/kit/toast";
import { useHydrated } from "~/components/site/use-hydrated";
import type { FormProblem } from "~/lib/forms";
import { TwoFactorDisableForm } from "./two-factor-disable-form";
import { TwoFactorEnrolment } from "./two-factor-enrolment";

/** What the account action answers (its two-factor forms and the theme's). */
export type SecurityResult = FormProblem<"code" | "credential"> & {
  intent: string;
  error?: string;
  message?: string;
  recoveryCodes?: string[];
  /** Raised once JavaScript runs; the inline lines stand in for it before. */
  toast?: ToastMessage;
};

/**
 * docs/product/back-office.md#settings's two-factor toggle, made real: off, set-up (QR code, then a first
 * code), on (recovery codes left, and a way to turn it off that needs the password or a code).
 */
export function SecuritySection({
  state,
  result,
}: {
  state: TwoFactorState;
  result: SecurityResult | undefined;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  // Only the answers to this section's own forms show here (not the theme's, for instance).
  const own = result?.intent.startsWith("two-factor-") ? result : undefined;
  useResultToast(own);
  const busy = (intent: string) =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === intent;

  return (
    <AdminPanel labelledBy="security-heading">
      <h2 id="security-heading" className="text-lg font-semibold">
        Security
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h3 className="text-sm font-semibold">Two-factor authentication</h3>
        <span
          className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            state.enabled
              ? "bg-success/10 text-success dark:bg-emerald-300/10 dark:text-emerald-300"
              : "bg-ink/5 text-ink-soft dark:bg-ivory/10 dark:text-mist"
          }`}
        >
          {state.enabled && <ShieldCheck aria-hidden="true" className="size-3.5" />}
          {state.enabled ? "On" : state.pending ? "Setting up" : "Off"}
        </span>
      </div>
      <p className="mt-1 max-w-2xl text-sm text-muted dark:text-mist">
        After your password, sign-in asks for a 6-digit code from an authenticator app on your phone
        (Google Authenticator, Microsoft Authenticator, 1Password and the like).
      </p>

      <div className="mt-5">
        {own?.recoveryCodes ? (
          <RecoveryCodes codes={own.recoveryCodes} />
        ) : state.enabled ? (
          <TwoFactorDisableForm
            recoveryCodesLeft={state.recoveryCodesLeft}
            result={own?.intent === "two-factor-disable" ? own : undefined}
            busy={busy("two-factor-disable")}
          />
        ) : state.pending ? (
          <TwoFactorEnrolment
            pending={state.pending}
            result={own?.intent === "two-factor-confirm" ? own : undefined}
            confirming={busy("two-factor-confirm")}
            cancelling={busy("two-factor-cancel")}
          />
        ) : (
          <Form method="post" className="space-y-4">
            <FormMessage
              tone={own?.error ? "error" : "success"}
              message={own?.error ?? (hydrated ? undefined : own?.message)}
            />
            <input type="hidden" name="intent" value="two-factor-start" />
            <button
              type="submit"
              className={buttonClasses("ink", PRIMARY_BUTTON)}
              disabled={busy("two-factor-start")}
            >
              {busy("two-factor-start") ? "Preparing..." : "Set up two-factor authentication"}
            </button>
          </Form>
        )}
      </div>
    </AdminPanel>
  );
}
