/** A form's summary line, read out when it changes: what needs fixing, a failure, or "saved". */
export function FormMessage({
  message,
  tone = "error",
}: {
  message?: string;
  tone?: "error" | "success";
}) {
  return (
    <div aria-live="polite" aria-atomic="true">
      {message && (
        <p
          className={`rounded-md border px-3 py-2 text-sm font-semibold ${
            tone === "error"
              ? "border-danger/40 bg-danger/5 text-danger dark:border-red-300/40 dark:text-red-300"
              : "border-success/40 bg-success/5 text-success dark:border-emerald-300/40 dark:text-emerald-300"
          }`}
        >
          {message}
        </p>
      )}
    </div>
  );
}
