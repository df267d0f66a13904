import { Monitor, Moon, Sun } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { AdminPanel } from "~/components/admin/admin-page";
import { useResultToast, type ResultToast } from "~/components/kit/toast";
import { useHydrated } from "~/components/site/use-hydrated";
import { buttonClasses } from "~/components/ui/button";
import type { StaffTheme } from "../staff-theme";

const OPTIONS: { value: StaffTheme; label: string; hint: string; icon: typeof Sun }[] = [
  { value: "light", label: "Light", hint: "Ivory pages, ink text.", icon: Sun },
  { value: "dark", label: "Dark", hint: "Ink pages, easier at night.", icon: Moon },
  { value: "system", label: "System", hint: "Follows this device's setting.", icon: Monitor },
];

/** docs/product/back-office.md#settings: the theme selector, saved for the signed-in staff member (docs/decisions/0014-buttons-that-work.md). */
export function AppearanceSection({
  theme,
  result,
}: {
  theme: StaffTheme;
  result: (ResultToast & { intent: string; error?: string }) | undefined;
}) {
  const navigation = useNavigation();
  const own = result?.intent === "theme" ? result : undefined;
  useResultToast(own);
  const hydrated = useHydrated();
  // With JavaScript the toast says it; before it loads, this line does.
  const saved = Boolean(own && !own.error) && !hydrated;
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "theme";
  return (
    <AdminPanel labelledBy="appearance-heading">
      <h2 id="appearance-heading" className="text-lg font-semibold">
        Appearance
      </h2>
      <p className="mt-1 text-sm text-muted dark:text-mist">
        How the admin looks for you. Other staff keep their own choice.
      </p>
      <Form method="post" className="mt-5">
        <input type="hidden" name="intent" value="theme" />
        <fieldset>
          <legend className="text-sm font-semibold">Theme</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-3">
            {OPTIONS.map(({ value, label, hint, icon: Icon }) => (
              <div
                key={value}
                className="relative flex min-h-11 items-start gap-3 rounded-md border border-line p-3 has-[:checked]:border-gold-deep has-[:checked]:bg-ivory dark:border-ivory/15 dark:has-[:checked]:border-gold dark:has-[:checked]:bg-ink"
              >
                <input
                  id={`theme-${value}`}
                  type="radio"
                  name="theme"
                  value={value}
                  defaultChecked={theme === value}
                  aria-describedby={`theme-${value}-hint`}
                  className="relative z-10 mt-1 size-4 accent-gold-deep dark:accent-gold"
                />
                <div>
                  {/* The label's ::after covers the card, so the whole card selects the option. */}
                  <label
                    htmlFor={`theme-${value}`}
                    className="flex cursor-pointer items-center gap-2 text-sm font-semibold after:absolute after:inset-0"
                  >
                    <Icon aria-hidden="true" className="size-4" strokeWidth={1.5} />
                    {label}
                  </label>
                  <p
                    id={`theme-${value}-hint`}
                    className="mt-0.5 text-sm text-muted dark:text-mist"
                  >
                    {hint}
                  </p>
                </div>
              </div>
            ))}
          </div>
        </fieldset>
        <div className="mt-5 flex flex-wrap items-center gap-4">
          <button
            type="submit"
            className={buttonClasses("ink", "dark:bg-gold dark:text-ink dark:hover:bg-gold-light")}
            disabled={saving}
          >
            {saving ? "Saving..." : "Save appearance"}
          </button>
          <p aria-live="polite" className="text-sm text-success dark:text-emerald-300">
            {saved && !saving ? "Appearance saved." : ""}
          </p>
        </div>
      </Form>
    </AdminPanel>
  );
}
