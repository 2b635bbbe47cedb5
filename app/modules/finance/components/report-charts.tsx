import { formatDate } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { chartScale, shortReais, yOf, type ChartScale } from "../chart-scale";

/**
 * The month's charts, drawn on the server as SVG: no chart library and no
 * script in the browser. Horizontal positions are percentages and vertical
 * ones pixels, so the chart takes any width (a 360 px phone too) while its
 * text keeps its size.
 */

export type CashFlowPoint = { day: string; inCents: number; outCents: number; balanceCents: number };
export type MonthPoint = { month: string; revenueCents: number; expensesCents: number; resultCents: number };

const HEIGHT = 220;
const TOP = 18;
const BOTTOM = 24;
const PLOT = HEIGHT - TOP - BOTTOM;
const MONTH_NAMES = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];

const percent = (value: number) => `${value.toFixed(3)}%`;

/**
 * The charts' shapes and their number tables are written as markup strings, not
 * React elements: a month is hundreds of rects, lines and cells, and creating
 * and serialising an element for each was most of the page's render on the
 * server. The markup is what React wrote for them (same tags, attributes and
 * escaping); the browser, hydrating, builds the same string from the same data.
 */
const ESCAPED: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const escapeMarkup = (text: string | number) => String(text).replace(/[&<>"']/g, (char) => ESCAPED[char]!);
const markup = (html: string) => ({ __html: html });

/** "2026-10" → "out/26". */
export function shortMonth(month: string) {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]}/${month.slice(2, 4)}`;
}

/** Horizontal grid lines at round amounts. */
function gridLines(scale: ChartScale) {
  const lines = scale.ticks.map((tick) => {
    const y = yOf(scale, tick, TOP, PLOT);
    return `<line x1="0" x2="100%" y1="${y}" y2="${y}" class="${tick === 0 ? "stroke-slate-500" : "stroke-slate-200"}"></line>`;
  });
  return `<g>${lines.join("")}</g>`;
}

/** Each grid line's amount, above it at the left, drawn over the bars with a white halo so a bar never hides it. */
function gridLabels(scale: ChartScale) {
  const labels = scale.ticks.map(
    (tick) =>
      `<text x="2" y="${yOf(scale, tick, TOP, PLOT) - 3}" class="fill-slate-600 stroke-white text-[11px]" stroke-width="3" paint-order="stroke">${escapeMarkup(shortReais(tick))}</text>`,
  );
  return `<g>${labels.join("")}</g>`;
}

/** A table body's rows, each cell with its class. */
function tableRows(rows: [className: string, text: string][][]) {
  return rows
    .map(
      (cells) => `<tr>${cells.map(([className, text]) => `<td class="${className}">${escapeMarkup(text)}</td>`).join("")}</tr>`,
    )
    .join("");
}

/** A chart's picture: its shapes' markup, read as one image with its summary. */
function ChartPicture({ summary, shapes }: { summary: string; shapes: string }) {
  return (
    <svg
      // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role -- role="img" is how an inline SVG gets read as one picture with its label.
      role="img"
      aria-label={summary}
      width="100%"
      height={HEIGHT}
      className="block overflow-visible"
      dangerouslySetInnerHTML={markup(shapes)}
    />
  );
}

function Legend({ items }: { items: { label: string; className: string; isLine?: boolean }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" aria-hidden>
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span className={item.isLine ? `h-0.5 w-4 ${item.className}` : `size-3 rounded-sm ${item.className}`} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/** Money in (up) and out (down) each day, and the accounts' balance at each day's end (a line on its own scale). */
export function CashFlowChart({ days }: { days: readonly CashFlowPoint[] }) {
  const scale = chartScale(days.flatMap((day) => [day.inCents, -day.outCents]));
  const balances = days.map((day) => day.balanceCents);
  const lowBalance = Math.min(...balances);
  const highBalance = Math.max(...balances);
  // The balance line uses the plot's height from its own lowest to highest value (flat in the middle when it never moved).
  const balanceY = (cents: number) =>
    highBalance === lowBalance ? TOP + PLOT / 2 : TOP + 6 + ((highBalance - cents) / (highBalance - lowBalance)) * (PLOT - 12);
  const slot = 100 / Math.max(days.length, 1);
  const barWidth = slot * 0.7;
  const zero = yOf(scale, 0, TOP, PLOT);
  const totalIn = days.reduce((sum, day) => sum + day.inCents, 0);
  const totalOut = days.reduce((sum, day) => sum + day.outCents, 0);
  const first = days[0];
  const last = days.at(-1);
  const summary =
    first && last
      ? `Fluxo de caixa por dia: entradas ${formatCents(totalIn)}, saídas ${formatCents(totalOut)}; saldo das contas de ${formatCents(first.balanceCents)} em ${formatDate(first.day)} a ${formatCents(last.balanceCents)} em ${formatDate(last.day)}.`
      : "Fluxo de caixa por dia: sem dias.";
  const bars = days.map((day, index) => {
    const x = percent(index * slot + (slot - barWidth) / 2);
    const width = percent(barWidth);
    const up = zero - yOf(scale, day.inCents, TOP, PLOT);
    const down = yOf(scale, -day.outCents, TOP, PLOT) - zero;
    const title = `${formatDate(day.day)}: entradas ${formatCents(day.inCents)}, saídas ${formatCents(day.outCents)}, saldo ${formatCents(day.balanceCents)}`;
    const inBar =
      day.inCents > 0
        ? `<rect x="${x}" width="${width}" y="${zero - up}" height="${Math.max(up, 1)}" class="fill-emerald-600"></rect>`
        : "";
    const outBar =
      day.outCents > 0
        ? `<rect x="${x}" width="${width}" y="${zero}" height="${Math.max(down, 1)}" class="fill-red-600"></rect>`
        : "";
    return `<g><title>${escapeMarkup(title)}</title>${inBar}${outBar}</g>`;
  });
  const balanceLine = days
    .slice(1)
    .map(
      (day, index) =>
        `<line x1="${percent(index * slot + slot / 2)}" x2="${percent((index + 1) * slot + slot / 2)}" y1="${balanceY(days[index]!.balanceCents)}" y2="${balanceY(day.balanceCents)}" class="stroke-brand-700" stroke-width="2.5" stroke-linecap="round"></line>`,
    );
  const dayLabels = days.map((day, index) =>
    index === 0 || (index + 1) % 5 === 0
      ? `<text x="${percent(index * slot + slot / 2)}" y="${HEIGHT - 6}" text-anchor="middle" class="fill-slate-600 text-[11px]">${Number(day.day.slice(8))}</text>`
      : "",
  );
  const shapes = gridLines(scale) + bars.join("") + balanceLine.join("") + dayLabels.join("") + gridLabels(scale);
  return (
    <figure className="space-y-2" data-testid="cash-flow-chart">
      <ChartPicture summary={summary} shapes={shapes} />
      <Legend
        items={[
          { label: "Entradas", className: "bg-emerald-600" },
          { label: "Saídas", className: "bg-red-600" },
          { label: "Saldo das contas", className: "bg-brand-700", isLine: true },
        ]}
      />
      {first && last && (
        <figcaption className="text-sm text-slate-700">
          Saldo das contas: {formatCents(first.balanceCents)} em {formatDate(first.day)} → {formatCents(last.balanceCents)} em{" "}
          {formatDate(last.day)} (a linha azul, na sua própria escala).
        </figcaption>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-700 underline underline-offset-2">
          Ver os números por dia
        </summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full min-w-[20rem] text-left tabular-nums">
            <thead className="text-slate-600">
              <tr>
                <th className="py-1 pr-3 font-medium">Dia</th>
                <th className="py-1 pr-3 text-right font-medium">Entradas</th>
                <th className="py-1 pr-3 text-right font-medium">Saídas</th>
                <th className="py-1 text-right font-medium">Saldo</th>
              </tr>
            </thead>
            <tbody
              className="divide-y divide-slate-100"
              dangerouslySetInnerHTML={markup(
                tableRows(
                  days
                    .filter((day) => day.inCents > 0 || day.outCents > 0)
                    .map((day) => [
                      ["py-1 pr-3", formatDate(day.day)],
                      ["py-1 pr-3 text-right", formatCents(day.inCents)],
                      ["py-1 pr-3 text-right", formatCents(day.outCents)],
                      ["py-1 text-right", formatCents(day.balanceCents)],
                    ]),
                ),
              )}
            />
          </table>
        </div>
      </details>
    </figure>
  );
}

/** Revenue and expenses side by side per month, and the result as a line with dots, on one scale. */
export function TwelveMonthsChart({ months }: { months: readonly MonthPoint[] }) {
  const scale = chartScale(months.flatMap((month) => [month.revenueCents, month.expensesCents, month.resultCents]));
  const slot = 100 / Math.max(months.length, 1);
  const barWidth = slot * 0.34;
  const zero = yOf(scale, 0, TOP, PLOT);
  const bar = (cents: number, x: number, className: string) => {
    const y = yOf(scale, cents, TOP, PLOT);
    return `<rect x="${percent(x)}" width="${percent(barWidth)}" y="${Math.min(y, zero)}" height="${Math.max(Math.abs(zero - y), 1)}" class="${className}"></rect>`;
  };
  const centre = (index: number) => index * slot + slot / 2;
  const summary = `Últimos 12 meses: ${months
    .map(
      (month) =>
        `${shortMonth(month.month)} receita ${formatCents(month.revenueCents)}, despesas ${formatCents(month.expensesCents)}, resultado ${formatCents(month.resultCents)}`,
    )
    .join("; ")}.`;
  const bars = months.map(
    (month, index) =>
      `<g><title>${escapeMarkup(`${shortMonth(month.month)}: receita ${formatCents(month.revenueCents)}, despesas ${formatCents(month.expensesCents)}, resultado ${formatCents(month.resultCents)}`)}</title>${bar(month.revenueCents, centre(index) - barWidth, "fill-emerald-600")}${bar(month.expensesCents, centre(index), "fill-red-600")}</g>`,
  );
  const resultLine = months
    .slice(1)
    .map(
      (month, index) =>
        `<line x1="${percent(centre(index))}" x2="${percent(centre(index + 1))}" y1="${yOf(scale, months[index]!.resultCents, TOP, PLOT)}" y2="${yOf(scale, month.resultCents, TOP, PLOT)}" class="stroke-brand-700" stroke-width="2.5"></line>`,
    );
  const dots = months.map(
    (month, index) =>
      `<circle cx="${percent(centre(index))}" cy="${yOf(scale, month.resultCents, TOP, PLOT)}" r="3.5" class="fill-white stroke-brand-700" stroke-width="2"></circle>`,
  );
  const monthLabels = months.map(
    (month, index) =>
      `<text x="${percent(centre(index))}" y="${HEIGHT - 6}" text-anchor="middle" class="fill-slate-600 text-[10px]">${MONTH_NAMES[Number(month.month.slice(5, 7)) - 1]}</text>`,
  );
  const shapes =
    gridLines(scale) + bars.join("") + resultLine.join("") + dots.join("") + monthLabels.join("") + gridLabels(scale);
  return (
    <figure className="space-y-2" data-testid="twelve-months-chart">
      <ChartPicture summary={summary} shapes={shapes} />
      <Legend
        items={[
          { label: "Receita", className: "bg-emerald-600" },
          { label: "Despesas e custos", className: "bg-red-600" },
          { label: "Resultado", className: "bg-brand-700", isLine: true },
        ]}
      />
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-700 underline underline-offset-2">
          Ver os números por mês
        </summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full min-w-[20rem] text-left tabular-nums">
            <thead className="text-slate-600">
              <tr>
                <th className="py-1 pr-3 font-medium">Mês</th>
                <th className="py-1 pr-3 text-right font-medium">Receita</th>
                <th className="py-1 pr-3 text-right font-medium">Despesas</th>
                <th className="py-1 text-right font-medium">Resultado</th>
              </tr>
            </thead>
            <tbody
              className="divide-y divide-slate-100"
              dangerouslySetInnerHTML={markup(
                tableRows(
                  months.map((month) => [
                    ["py-1 pr-3", shortMonth(month.month)],
                    ["py-1 pr-3 text-right", formatCents(month.revenueCents)],
                    ["py-1 pr-3 text-right", formatCents(month.expensesCents)],
                    ["py-1 text-right", formatCents(month.resultCents)],
                  ]),
                ),
              )}
            />
          </table>
        </div>
      </details>
    </figure>
  );
}
