/**
 * The card the back office's signed-out pages sit in (sign-in, invitation, forgotten and reset
 * passwords): the business's name over "Admin", then the page's own content.
 */
export function AuthFrame({
  businessName,
  children,
}: {
  businessName: string;
  children: React.ReactNode;
}) {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-ivory px-5 py-12">
      <div className="w-full max-w-sm">
        <p className="text-center">
          <span className="block font-display text-2xl font-medium text-ink">{businessName}</span>
          <span className="text-[0.7rem] font-semibold tracking-[0.2em] text-gold-deep uppercase">
            Admin
          </span>
        </p>
        <div className="mt-6 rounded-lg border border-line bg-white p-6 shadow-sm shadow-ink/5 sm:p-8">
          {children}
        </div>
      </div>
    </main>
  );
}
