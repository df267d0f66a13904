import { Form, useNavigation } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { FormMessage } from "~/components/kit/form-message";
import { useResultToast } from "~/components/kit/toast";
import { useHydrated } from "~/components/site/use-hydrated";
import { buttonClasses } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import { PRIMARY_BUTTON } from "./button-tones";
import type { AccessResult } from "./team-view";

/**
 * The owner's "Require two-factor sign-in" for the whole team
 * (docs/decisions/0045-password-changes-and-resets.md).
 */
export function SignInPolicySection({
  requireTwoFactor,
  withoutTwoFactor,
  result,
}: {
  requireTwoFactor: boolean;
  /** Active members who have not set two-factor sign-in up. */
  withoutTwoFactor: number;
  result: AccessResult | undefined;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const own = result?.intent === "sign-in-policy" ? result : undefined;
  useResultToast(own);
  const saving =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "sign-in-policy";
  return (
    <AdminPanel labelledBy="sign-in-policy-heading">
      <h2 id="sign-in-policy-heading" className="text-lg font-semibold">
        Sign-in security
      </h2>
      <p className="mt-1 mb-4 max-w-2xl text-sm text-muted dark:text-mist">
        When two-factor sign-in is required, anyone without it is sent to set it up on Your account
        before they can open anything else.{" "}
        {withoutTwoFactor === 1
          ? "1 active account has not set it up yet."
          : `${withoutTwoFactor} active accounts have not set it up yet.`}
      </p>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="sign-in-policy" />
        {/* With JavaScript the toast says it; before it loads, this line does. */}
        <FormMessage message={hydrated ? undefined : own?.message} tone="success" />
        <div className="flex min-h-11 items-center gap-3">
          <input
            id="require-two-factor"
            type="checkbox"
            name="requireTwoFactor"
            defaultChecked={requireTwoFactor}
            className="size-5 accent-ink dark:accent-gold"
          />
          <label htmlFor="require-two-factor" className="text-sm font-semibold">
            Require two-factor sign-in
          </label>
        </div>
        <SubmitButton
          busy={saving}
          busyLabel="Saving..."
          className={buttonClasses("ink", PRIMARY_BUTTON)}
        >
          Save sign-in security
        </SubmitButton>
      </Form>
    </AdminPanel>
  );
}
