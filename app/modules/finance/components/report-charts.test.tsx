import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CashFlowChart, TwelveMonthsChart, type CashFlowPoint } from "./report-charts";

/** The server's HTML (Intl's no-break space made plain). */
const html = (element: React.ReactElement) => renderToStaticMarkup(element).replace(/\u00a0/g, " ");

const DAYS: CashFlowPoint[] = [
  { day: "2026-10-01", inCents: 0, outCents: 0, balanceCents: 100_000 },
  { day: "2026-10-02", inCents: 50_000, outCents: 0, balanceCents: 150_000 },
  { day: "2026-10-03", inCents: 0, outCents: 20_000, balanceCents: 130_000 },
  { day: "2026-10-04", inCents: 10_000, outCents: 10_000, balanceCents: 130_000 },
];

// The shapes are written as markup strings (one element per chart for React): each must still be in its place.
describe("the finance overview's charts as the server draws them", () => {
  it("draws each day's bars under its title, a balance segment between days and a table row per day that moved", () => {
    const chart = html(<CashFlowChart days={DAYS} />);
    const day = (iso: string) => new RegExp(`<g><title>${iso}[^<]*</title>((?:<rect [^>]*></rect>)*)</g>`).exec(chart)?.[1];
    expect(day("01/10/2026")).toBe("");
    expect(day("02/10/2026")).toMatch(
      /^<rect x="28\.750%" width="17\.500%" y="[\d.]+" height="[\d.]+" class="fill-emerald-600"><\/rect>$/,
    );
    expect(day("03/10/2026")).toMatch(/^<rect [^>]*class="fill-red-600"><\/rect>$/);
    expect(day("04/10/2026")?.match(/<rect /g)).toHaveLength(2);
    expect(chart).toContain("<title>02/10/2026: entradas R$ 500,00, saídas R$ 0,00, saldo R$ 1.500,00</title>");
    expect(chart.match(/<line [^>]*class="stroke-brand-700" stroke-width="2\.5" stroke-linecap="round"><\/line>/g)).toHaveLength(
      3,
    );
    expect(chart).toMatch(
      /<svg role="img" aria-label="Fluxo de caixa por dia: entradas R\$ 600,00, saídas R\$ 300,00;[^"]*"[^>]*><g><line /,
    );
    const rows = chart.slice(chart.indexOf("<tbody")).match(/<tr>.*?<\/tr>/g);
    expect(rows).toEqual([
      '<tr><td class="py-1 pr-3">02/10/2026</td><td class="py-1 pr-3 text-right">R$ 500,00</td><td class="py-1 pr-3 text-right">R$ 0,00</td><td class="py-1 text-right">R$ 1.500,00</td></tr>',
      '<tr><td class="py-1 pr-3">03/10/2026</td><td class="py-1 pr-3 text-right">R$ 0,00</td><td class="py-1 pr-3 text-right">R$ 200,00</td><td class="py-1 text-right">R$ 1.300,00</td></tr>',
      '<tr><td class="py-1 pr-3">04/10/2026</td><td class="py-1 pr-3 text-right">R$ 100,00</td><td class="py-1 pr-3 text-right">R$ 100,00</td><td class="py-1 text-right">R$ 1.300,00</td></tr>',
    ]);
  });

  it("draws each month's two bars, its result dot and label, and a table row per month", () => {
    const months = [
      { month: "2026-09", revenueCents: 100_000, expensesCents: 40_000, resultCents: 60_000 },
      { month: "2026-10", revenueCents: 0, expensesCents: 25_000, resultCents: -25_000 },
    ];
    const chart = html(<TwelveMonthsChart months={months} />);
    expect(chart).toContain("<g><title>set/26: receita R$ 1.000,00, despesas R$ 400,00, resultado R$ 600,00</title><rect ");
    expect(chart.match(/<rect [^>]*><\/rect>/g)).toHaveLength(4);
    expect(chart.match(/<circle [^>]*class="fill-white stroke-brand-700" stroke-width="2"><\/circle>/g)).toHaveLength(2);
    expect(chart).toMatch(/<text x="75\.000%" y="214" text-anchor="middle" class="fill-slate-600 text-\[10px\]">out<\/text>/);
    expect(chart).toContain(
      '<tr><td class="py-1 pr-3">out/26</td><td class="py-1 pr-3 text-right">R$ 0,00</td><td class="py-1 pr-3 text-right">R$ 250,00</td><td class="py-1 text-right">-R$ 250,00</td></tr>',
    );
  });
});
