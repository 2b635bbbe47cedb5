/**
 * The vertical scale of a chart drawn on the server: a rounded top (and
 * bottom, when values go below zero) so the grid lines read as round
 * amounts (R$ 500, R$ 1.000, R$ 2.500…), and where a value lands.
 */
export type ChartScale = { minCents: number; maxCents: number; ticks: number[] };

const STEPS = [1, 2, 2.5, 5, 10];

/** A round step for about `tickCount` intervals over `span` centavos, in whole reais (never below R$ 1). */
function niceStep(span: number, tickCount: number) {
  const raw = Math.max(span / tickCount, 100);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = STEPS.find((candidate) => candidate * magnitude >= raw) ?? 10;
  return step * magnitude;
}

/** A scale that holds every value and zero, with 4 intervals or so between round amounts. */
export function chartScale(values: readonly number[], tickCount = 4): ChartScale {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const step = niceStep(high - low || 100, tickCount);
  const minCents = Math.floor(low / step) * step;
  const maxCents = Math.max(Math.ceil(high / step) * step, minCents + step);
  const ticks: number[] = [];
  for (let tick = minCents; tick <= maxCents + step / 2; tick += step) ticks.push(Math.round(tick));
  return { minCents, maxCents, ticks };
}

/** The y coordinate of `cents` in a plot from `top` to `top + height` (SVG's y grows downwards). */
export function yOf(scale: ChartScale, cents: number, top: number, height: number) {
  const span = scale.maxCents - scale.minCents || 1;
  return top + ((scale.maxCents - cents) / span) * height;
}

/** "R$ 12,3 mil", "R$ 950", "−R$ 1,2 mi": a short amount for an axis label. */
export function shortReais(cents: number) {
  const reais = Math.abs(cents) / 100;
  const sign = cents < 0 ? "−" : "";
  const text =
    reais >= 1_000_000
      ? `${trim(reais / 1_000_000)} mi`
      : reais >= 1_000
        ? `${trim(reais / 1_000)} mil`
        : String(Math.round(reais));
  return `${sign}R$ ${text}`;
}

function trim(value: number) {
  return (value >= 100 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, "")).replace(".", ",");
}
