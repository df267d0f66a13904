import { Link } from "react-router";

/** The ten recovery codes, shown this once right after two-factor authentication is turned on. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-4">
      <div
        role="status"
        className="rounded-md border border-success/40 bg-success/5 px-3 py-2 text-sm font-semibold text-success dark:border-emerald-300/40 dark:text-emerald-300"
      >
        Two-factor authentication is on.
      </div>
      <h3 id="recovery-codes-heading" className="text-sm font-semibold">
        Save your recovery codes now
      </h3>
      <p className="max-w-2xl text-sm text-muted dark:text-mist">
        If you lose your phone, each of these codes signs you in once instead of an app code. Keep
        them somewhere safe, such as your password manager. They will not be shown again.
      </p>
      <ul className="grid max-w-md grid-cols-2 gap-2 rounded-md border border-line bg-ivory p-4 font-mono text-base tracking-wider select-all dark:border-ivory/15 dark:bg-ink">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Link
        to="/admin/account"
        className="inline-flex min-h-11 items-center text-sm font-semibold text-gold-deep underline underline-offset-4 dark:text-gold"
      >
        I have saved my recovery codes
      </Link>
    </div>
  );
}
