// One look for every call to action, whether it is a <Link>, a tel: or mailto: <a>, or a <button>.

export type ButtonVariant = "gold" | "ink" | "outline" | "outline-light";

const BASE =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-6 py-2.5 text-center " +
  "text-[0.95rem] font-semibold tracking-wide motion-safe:transition-colors motion-safe:duration-200 motion-safe:ease-out";

// Gold fills carry ink text (8:1); on light surfaces the ink button is the primary action,
// since gold on ivory is only 2:1.
const VARIANTS: Record<ButtonVariant, string> = {
  gold: "bg-gold text-ink hover:bg-gold-light",
  ink: "bg-ink text-ivory hover:bg-ink-soft",
  outline: "border border-ink/25 text-ink hover:border-ink hover:bg-ink/5",
  "outline-light": "border border-ivory/40 text-ivory hover:border-ivory hover:bg-ivory/10",
};

export function buttonClasses(variant: ButtonVariant = "ink", className = "") {
  return `${BASE} ${VARIANTS[variant]} ${className}`;
}
