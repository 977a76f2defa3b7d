import { formatPrice } from "../../lib/format";

const dateFmt = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/**
 * The listing's asking price over time as a small step chart, drawn on the server (plain SVG, no
 * script). Prices hold until the next change, and the last one runs to today.
 */
export function PriceHistoryChart({ points, now }: { points: { at: number; price: number }[]; now: number }) {
  if (points.length === 0) return null;
  const W = 560;
  const H = 150;
  const pad = { l: 64, r: 12, t: 12, b: 26 };
  const t0 = points[0]!.at;
  const t1 = Math.max(now, points[points.length - 1]!.at + 1);
  const prices = points.map((p) => p.price);
  let lo = Math.min(...prices);
  let hi = Math.max(...prices);
  if (hi - lo < 500) {
    lo -= 250;
    hi += 250;
  }
  const span = hi - lo;
  lo -= span * 0.15;
  hi += span * 0.15;
  const x = (t: number) => pad.l + ((t - t0) / (t1 - t0)) * (W - pad.l - pad.r);
  const y = (p: number) => pad.t + (1 - (p - lo) / (hi - lo)) * (H - pad.t - pad.b);
  let d = `M${x(points[0]!.at).toFixed(1)},${y(points[0]!.price).toFixed(1)}`;
  for (let i = 1; i < points.length; i++) {
    d += ` H${x(points[i]!.at).toFixed(1)} V${y(points[i]!.price).toFixed(1)}`;
  }
  d += ` H${x(t1).toFixed(1)}`;
  const first = points[0]!.price;
  const last = points[points.length - 1]!.price;
  const summary =
    points.length === 1
      ? `Price history: listed at ${formatPrice(first)}, unchanged since.`
      : `Price history: listed at ${formatPrice(first)}, ${points.length - 1} ${points.length === 2 ? "change" : "changes"}, now ${formatPrice(last)}.`;
  const ticks = [hi - (hi - lo) * 0.15, lo + (hi - lo) * 0.15];
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary} className="mt-3 h-auto w-full" data-testid="price-history-chart">
      {ticks.map((p) => (
        <g key={p}>
          <line x1={pad.l} x2={W - pad.r} y1={y(p)} y2={y(p)} className="stroke-slate-200" strokeDasharray="3 3" />
          <text x={pad.l - 8} y={y(p) + 4} textAnchor="end" className="fill-slate-500 text-[11px]">
            {formatPrice(Math.round(p / 100) * 100)}
          </text>
        </g>
      ))}
      <path d={d} fill="none" className="stroke-brand-600" strokeWidth={2.5} strokeLinejoin="round" />
      {points.map((p, i) => (
        <circle
          key={`${p.at}-${i}`}
          cx={x(p.at)}
          cy={y(p.price)}
          r={4}
          className={i === 0 ? "fill-brand-600" : p.price < points[i - 1]!.price ? "fill-deal-good" : "fill-deal-high"}
        />
      ))}
      <text x={pad.l} y={H - 6} className="fill-slate-500 text-[11px]">
        {dateFmt.format(t0)}
      </text>
      <text x={W - pad.r} y={H - 6} textAnchor="end" className="fill-slate-500 text-[11px]">
        Today
      </text>
    </svg>
  );
}
