/** A submit button that is disabled, and says what is happening, while its form is being sent. */
export function SubmitButton({
  busy,
  busyLabel,
  className,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}
