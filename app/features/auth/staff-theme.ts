import { z } from "zod";

// docs/product/back-office.md#settings: a theme selector (light, dark, system), saved per staff member (docs/decisions/0014-buttons-that-work.md).
export const STAFF_THEMES = ["light", "dark", "system"] as const;
export type StaffTheme = (typeof STAFF_THEMES)[number];

export const StaffThemeSchema = z.enum(STAFF_THEMES, "Choose light, dark or system");

export function toStaffTheme(value: string | null | undefined): StaffTheme {
  const parsed = StaffThemeSchema.safeParse(value);
  return parsed.success ? parsed.data : "system";
}

/**
 * The class the server puts on <html>, so the first paint is already in the right theme:
 * "dark" for dark, "theme-system" (dark under prefers-color-scheme: dark, in app.css) for system.
 */
export function themeClassName(theme: StaffTheme) {
  if (theme === "dark") return "dark";
  if (theme === "system") return "theme-system";
  return "";
}
