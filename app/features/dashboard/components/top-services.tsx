import { AdminPanel } from "~/components/admin/admin-page";
import { formatMoney } from "~/lib/format";

/** Top Services (docs/product/back-office.md#business-constants-and-limits): the three categories with the most revenue. */
export function TopServices({
  services,
  revenueCents,
}: {
  services: { category: string; revenueCents: number }[];
  revenueCents: number;
}) {
  return (
    <AdminPanel labelledBy="top-services-heading">
      <h2 id="top-services-heading" className="font-display text-2xl font-medium">
        Top Services
      </h2>
      {services.length === 0 ? (
        <p className="mt-3 text-sm text-muted dark:text-mist">No data available</p>
      ) : (
        <ol className="mt-4 space-y-4">
          {services.map((service) => {
            const share =
              revenueCents > 0 ? Math.round((service.revenueCents / revenueCents) * 100) : 0;
            return (
              <li key={service.category}>
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="font-semibold">{service.category}</span>
                  <span className="tabular-nums">{formatMoney(service.revenueCents)}</span>
                </div>
                <progress
                  className="mt-2 block h-1.5 w-full appearance-none overflow-hidden rounded-full bg-line dark:bg-ivory/15 [&::-moz-progress-bar]:bg-gold [&::-webkit-progress-bar]:bg-line dark:[&::-webkit-progress-bar]:bg-ivory/15 [&::-webkit-progress-value]:bg-gold"
                  max={100}
                  value={share}
                  aria-label={`${service.category}: ${share}% of revenue`}
                />
              </li>
            );
          })}
        </ol>
      )}
    </AdminPanel>
  );
}
