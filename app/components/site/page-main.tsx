/** The page's main landmark, the skip link's target (focusable so the skip moves focus too). */
export function PageMain({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      {children}
    </main>
  );
}
