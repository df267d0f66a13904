import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatMoney, formatMonth, formatWholeMoney } from "~/lib/format";

// recharts is imported here only, and this module is loaded lazily by the dashboard after
// hydration: no other page (and not the dashboard's first paint) carries the chart library.

export type RevenueBar = { month: string; revenueCents: number };

export default function RevenueBars({ months }: { months: RevenueBar[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        accessibilityLayer={false}
        data={months}
        margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
      >
        <CartesianGrid vertical={false} strokeOpacity={0.2} />
        <XAxis
          dataKey="month"
          tickFormatter={(key: string) => formatMonth(key, false)}
          tick={{ fill: "currentColor", fontSize: 12 }}
          tickLine={false}
          axisLine={false}
          interval="preserveStartEnd"
        />
        <YAxis
          tickFormatter={(cents: number) => formatWholeMoney(cents)}
          tick={{ fill: "currentColor", fontSize: 12 }}
          tickLine={false}
          axisLine={false}
          width={80}
        />
        <Tooltip
          cursor={{ fillOpacity: 0.08 }}
          formatter={(value) => [formatMoney(Number(value)), "Revenue"]}
          labelFormatter={(key) => formatMonth(String(key))}
          contentStyle={{ color: "#101828", borderRadius: 6 }}
        />
        <Bar dataKey="revenueCents" name="Revenue" fill="#c9a96e" radius={[3, 3, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
