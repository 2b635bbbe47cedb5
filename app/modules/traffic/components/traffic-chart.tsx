import { cx } from "~/lib/class-names";
import { formatDate } from "~/lib/dates";
import type { TrafficDay } from "../report.server";

/**
 * Views (bars) and unique visitors (a line) by day, drawn on the server as
 * SVG like the finance charts: no chart library, no script. Horizontal
 * positions are percentages, so it takes any width.
 */

const HEIGHT = 220;
const TOP = 18;
const BOTTOM = 24;
const PLOT = HEIGHT - TOP - BOTTOM;

const percent = (value: number) => `${value.toFixed(3)}%`;
const integer = (value: number) => value.toLocaleString("pt-BR");

/** A round top for the scale (1, 2, 2.5, 5 × 10ⁿ) and 4 grid lines or so. */
function countScale(max: number) {
  const raw = Math.max(max / 4, 1);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((candidate) => candidate * magnitude >= raw) ?? 10) * magnitude;
  const top = Math.max(Math.ceil(max / step) * step, step);
  const ticks: number[] = [];
  for (let tick = 0; tick <= top + step / 2; tick += step) ticks.push(Math.round(tick));
  return { top, ticks };
}

export function TrafficChart({ days }: { days: readonly TrafficDay[] }) {
  const { top, ticks } = countScale(Math.max(0, ...days.map((day) => Math.max(day.views, day.visitors))));
  const yOf = (count: number) => TOP + ((top - count) / top) * PLOT;
  const slot = 100 / Math.max(days.length, 1);
  const barWidth = slot * 0.7;
  const totalViews = days.reduce((sum, day) => sum + day.views, 0);
  const totalVisitors = days.reduce((sum, day) => sum + day.visitors, 0);
  // About 10 day labels; on a phone every other one of those, so they never run into each other.
  const labelEvery = Math.max(1, Math.ceil(days.length / 10));
  const summary = `Visualizações e visitantes únicos por dia: ${integer(totalViews)} visualizações e ${integer(totalVisitors)} visitantes únicos (soma dos dias) em ${days.length} dias.`;
  return (
    <figure className="space-y-2" data-testid="traffic-chart">
      {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- role="img" is how an inline SVG gets read as one picture with its label. */}
      <svg role="img" aria-label={summary} width="100%" height={HEIGHT} className="block overflow-visible">
        {ticks.map((tick) => (
          <line
            key={tick}
            x1="0"
            x2="100%"
            y1={yOf(tick)}
            y2={yOf(tick)}
            className={tick === 0 ? "stroke-slate-500" : "stroke-slate-200"}
          />
        ))}
        {days.map((day, index) => (
          <g key={day.day}>
            <title>{`${formatDate(day.day)}: ${integer(day.views)} visualizações, ${integer(day.visits)} visitas, ${integer(day.visitors)} visitantes únicos, ${integer(day.conversions)} conversões`}</title>
            {day.views > 0 ? (
              <rect
                x={percent(index * slot + (slot - barWidth) / 2)}
                width={percent(barWidth)}
                y={yOf(day.views)}
                height={Math.max(yOf(0) - yOf(day.views), 1)}
                className="fill-brand-100 stroke-brand-600"
              />
            ) : null}
          </g>
        ))}
        {days.slice(1).map((day, index) => (
          <line
            key={day.day}
            x1={percent(index * slot + slot / 2)}
            x2={percent((index + 1) * slot + slot / 2)}
            y1={yOf(days[index]!.visitors)}
            y2={yOf(day.visitors)}
            className="stroke-brand-700"
            strokeWidth={2.5}
            strokeLinecap="round"
          />
        ))}
        {days.map((day, index) =>
          index % labelEvery === 0 ? (
            <text
              key={day.day}
              x={percent(index * slot + slot / 2)}
              y={HEIGHT - 6}
              textAnchor="middle"
              className={cx("fill-slate-600 text-[11px]", index % (labelEvery * 2) !== 0 && "max-sm:hidden")}
            >
              {`${day.day.slice(8)}/${day.day.slice(5, 7)}`}
            </text>
          ) : null,
        )}
        {ticks.map((tick) => (
          <text
            key={tick}
            x="2"
            y={yOf(tick) - 3}
            className="fill-slate-600 stroke-white text-[11px]"
            strokeWidth={3}
            paintOrder="stroke"
          >
            {integer(tick)}
          </text>
        ))}
      </svg>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-hidden>
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-brand-100 border border-brand-600" />
          Visualizações
        </li>
        <li className="flex items-center gap-1.5">
          <span className="h-0.5 w-4 bg-brand-700" />
          Visitantes únicos
        </li>
      </ul>
    </figure>
  );
}
