import { formatMoney, toMajorUnits, type Currency, type SalesDay } from "@store/shared";
import { scaleLinear } from "d3-scale";
import { area, curveMonotoneX, line } from "d3-shape";
import { formatMinor } from "./format";

/** The drawing's own units; the SVG scales to its box's width (no sideways scrolling on a phone). */
const WIDTH = 400;
const HEIGHT = 170;
const MARGIN = { top: 16, right: 4, bottom: 22, left: 4 };

const DAY_LABEL = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "UTC" });
const dayLabel = (day: string) => DAY_LABEL.format(new Date(`${day}T00:00:00Z`));

/**
 * Sales by IST day in one currency: an area of the day's revenue, drawn with d3-scale and d3-shape into
 * plain SVG by React (no chart runtime, decision 022-dashboard-and-sales). The figures are also said in words: the
 * SVG is an image with a label, and the summary below it names the total and the best day.
 */
export function SalesChart({ days, currency }: { days: readonly SalesDay[]; currency: Currency }) {
  const values = days.map((d) => d.by_currency.find((c) => c.currency === currency) ?? { orders: 0, revenue_minor: 0 });
  const total = values.reduce((sum, v) => sum + v.revenue_minor, 0);
  const orders = values.reduce((sum, v) => sum + v.orders, 0);
  const best = values.reduce((top, v, i) => (v.revenue_minor > (values[top]?.revenue_minor ?? 0) ? i : top), 0);
  // The scale is in major units (rupees, dollars), so its ticks are round amounts; at least 10 of them.
  const max = Math.max(...values.map((v) => toMajorUnits(v.revenue_minor)), 10);
  const x = scaleLinear()
    .domain([0, Math.max(days.length - 1, 1)])
    .range([MARGIN.left, WIDTH - MARGIN.right]);
  const y = scaleLinear()
    .domain([0, max])
    .nice()
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const points = values.map((v, i) => [x(i), y(toMajorUnits(v.revenue_minor))] as [number, number]);
  const fill = area<[number, number]>()
    .x((p) => p[0])
    .y0(y(0))
    .y1((p) => p[1])
    .curve(curveMonotoneX)(points);
  const stroke = line().curve(curveMonotoneX)(points);
  const first = days[0]?.day ?? "";
  const last = days.at(-1)?.day ?? "";
  const title = `Sales in ${currency} by day`;
  const summary =
    total === 0
      ? `No ${currency} sales from ${dayLabel(first)} to ${dayLabel(last)}.`
      : `${formatMinor(total, currency)} from ${orders} ${orders === 1 ? "order" : "orders"}, ${dayLabel(first)} to ${dayLabel(last)}; best day ${dayLabel(days[best]?.day ?? first)} (${formatMinor(values[best]?.revenue_minor ?? 0, currency)}).`;
  return (
    <figure className="min-w-0">
      <figcaption className="text-sm font-semibold text-indigo-ink">{title}</figcaption>
      <svg
        role="img"
        aria-label={`${title}: ${summary}`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-2 h-auto w-full"
        data-chart={currency}
      >
        {y.ticks(3).map((tick) => (
          <g key={tick}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} className="stroke-linen" />
            {tick > 0 && (
              <text x={MARGIN.left + 2} y={y(tick) - 3} className="fill-charcoal/70 text-[13px]">
                {formatMoney(tick, currency)}
              </text>
            )}
          </g>
        ))}
        {fill && <path d={fill} className="fill-indigo-ink/15" />}
        {stroke && <path d={stroke} className="fill-none stroke-indigo-ink" strokeWidth={2} />}
        <text x={MARGIN.left} y={HEIGHT - 6} className="fill-charcoal/70 text-[13px]">
          {dayLabel(first)}
        </text>
        <text x={WIDTH - MARGIN.right} y={HEIGHT - 6} textAnchor="end" className="fill-charcoal/70 text-[13px]">
          {dayLabel(last)} (today)
        </text>
      </svg>
      <p className="mt-1 text-xs text-charcoal/75">{summary}</p>
    </figure>
  );
}
