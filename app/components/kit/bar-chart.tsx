// Vertical bars over time, drawn as SVG on the server: no chart library in the browser, nothing
// inline for the CSP to refuse. The picture is hidden from assistive technology; each caller
// puts the same figures beside it as a NumbersTable (./numbers-table.tsx).

const WIDTH = 640;
const HEIGHT = 220;
const PLOT_TOP = 10;
const PLOT_BOTTOM = 190;
const PLOT_LEFT = 70;
/** Widest a bucket's bars get together, so that a few buckets do not become slabs. */
const GROUP_WIDTH = 40;
const GAP = 2;

/** One kind of bar: its name and the classes of its bars and of its legend swatch. */
export type BarSeries = { name: string; barClassName: string; swatchClassName: string };

/** One bucket on the x axis: its short axis label and a value for each series, in order. */
export type BarBucket = { key: string; label: string; values: number[] };

/** Tick values: 0 and up to four steps of a round size covering `max`. */
function ticks(max: number) {
  if (max <= 0) return [0];
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * power).find((s) => s >= rough)!;
  return Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => i * step);
}

export function BarChart({
  buckets,
  series,
  formatTick,
}: {
  buckets: BarBucket[];
  series: BarSeries[];
  formatTick: (value: number) => string;
}) {
  const max = Math.max(0, ...buckets.flatMap((bucket) => bucket.values));
  const scale = ticks(max);
  const top = scale.at(-1) || 1;
  const y = (value: number) => PLOT_BOTTOM - (value / top) * (PLOT_BOTTOM - PLOT_TOP);
  const slot = (WIDTH - PLOT_LEFT) / Math.max(buckets.length, 1);
  const perBar = Math.min(GROUP_WIDTH, slot) / series.length;
  const barWidth = Math.max(GAP, perBar - GAP);
  const groupWidth = series.length * barWidth + (series.length - 1) * GAP;
  const labelEvery = Math.ceil(buckets.length / 8);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="mt-3 h-auto w-full text-muted dark:text-mist"
      aria-hidden="true"
    >
      {scale.map((value) => (
        <g key={value}>
          <line
            x1={PLOT_LEFT}
            x2={WIDTH}
            y1={y(value)}
            y2={y(value)}
            className="stroke-line dark:stroke-ivory/15"
          />
          <text
            x={PLOT_LEFT - 8}
            y={y(value) + 4}
            textAnchor="end"
            className="fill-current text-[11px]"
          >
            {formatTick(value)}
          </text>
        </g>
      ))}
      {buckets.map((bucket, index) => {
        const x = PLOT_LEFT + index * slot + slot / 2;
        return (
          <g key={bucket.key}>
            {series.map((kind, seriesIndex) => (
              <rect
                key={kind.name}
                x={x - groupWidth / 2 + seriesIndex * (barWidth + GAP)}
                y={y(bucket.values[seriesIndex] ?? 0)}
                width={barWidth}
                height={PLOT_BOTTOM - y(bucket.values[seriesIndex] ?? 0)}
                className={kind.barClassName}
              />
            ))}
            {index % labelEvery === 0 && (
              <text x={x} y={HEIGHT - 8} textAnchor="middle" className="fill-current text-[11px]">
                {bucket.label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** Which colour is which series, in words beside each swatch. */
export function BarLegend({ series }: { series: BarSeries[] }) {
  return (
    <p className="mt-2 flex flex-wrap gap-4 text-sm text-ink-soft dark:text-mist">
      {series.map((kind) => (
        <span key={kind.name} className="inline-flex items-center gap-2">
          <span aria-hidden="true" className={`size-3 rounded-sm ${kind.swatchClassName}`} />
          {kind.name}
        </span>
      ))}
    </p>
  );
}
