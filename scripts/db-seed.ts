/**
 * npm run db:seed — fictional demo data (shop settings, customers, content,
 * ~40 service orders); safe to run twice.
 *
 * npm run db:seed -- --scale=100000 — adds the large data set on top: that
 * many service orders over three years (and 40% as many customers), for the
 * speed budget of lists and searches (`npm run bench:orders`), then the
 * money set (seedMoneyScale: a year of counter sales with their finance
 * postings and stock costs, expenses, 5 000 crediário plans, IOUs; `npm run
 * bench:money`). Use a DATA_DIR of its own: it is not something to leave in
 * the shop's database.
 *
 * npm run db:seed -- --catalogue=100000 — adds that many products, parts and
 * service items with a year of stock movements (seedLargeCatalogue), for the
 * inventory, register and shop budgets; may go with --scale.
 */
import { closeDb, databaseKind, getDb } from "~/db/client.server";
import { seedLargeDataSet } from "~/modules/demo/demo-service-orders.server";
import { seedLargeCatalogue } from "~/modules/demo/large-catalogue.server";
import { seedMoneyScale } from "~/modules/demo/money-scale.server";
import { seedLoyaltyScale } from "~/modules/loyalty/scale-seed.server";
import { seedDemoData } from "~/modules/demo/seed.server";

const DEFAULT_SCALE = 100_000;
const MAX_SCALE = 5_000_000;

function parseScale(text: string) {
  const scale = Number(text.replace(/[_.]/g, ""));
  if (!Number.isSafeInteger(scale) || scale < 1 || scale > MAX_SCALE) {
    throw new Error(`--scale deve ser um número de ordens entre 1 e ${MAX_SCALE} (recebido: ${text})`);
  }
  return scale;
}

/** `--scale=N` or `--scale N` picks the size; `--scale` alone means the usual large set. */
function readScale(argv: string[]): number | null {
  for (const [index, arg] of argv.entries()) {
    if (arg.startsWith("--scale=")) return parseScale(arg.slice("--scale=".length));
    if (arg === "--scale") {
      const next = argv[index + 1];
      return next && /^\d/.test(next) ? parseScale(next) : DEFAULT_SCALE;
    }
  }
  const unknown = argv.filter((arg) => arg.startsWith("-") && !arg.startsWith("--catalogue"));
  if (unknown.length > 0) throw new Error(`Opção desconhecida: ${unknown.join(" ")} (use --scale=N)`);
  return null;
}

/** `--catalogue=N` or `--catalogue` alone (100 000 products). */
function readCatalogue(argv: string[]): number | null {
  const arg = argv.find((candidate) => candidate === "--catalogue" || candidate.startsWith("--catalogue="));
  if (!arg) return null;
  return arg === "--catalogue" ? DEFAULT_SCALE : parseScale(arg.slice("--catalogue=".length));
}

const numbers = new Intl.NumberFormat("pt-BR");
const scale = readScale(process.argv.slice(2));
const catalogue = readCatalogue(process.argv.slice(2));

await seedDemoData();
console.log("Dados de demonstração criados.");

if (scale) {
  console.log(`Criando ${numbers.format(scale)} ordens de serviço (${databaseKind()})…`);
  let lastPrint = 0;
  const result = await seedLargeDataSet({
    orders: scale,
    onProgress: ({ orders, customers, elapsedMs }) => {
      if (orders < scale && elapsedMs - lastPrint < 2_000) return;
      lastPrint = elapsedMs;
      const rate = Math.round(orders / (elapsedMs / 1000));
      console.log(
        `  ${numbers.format(orders)} / ${numbers.format(scale)} ordens, ${numbers.format(customers)} clientes (${(elapsedMs / 1000).toFixed(1)} s, ${numbers.format(rate)} ordens/s)`,
      );
    },
  });
  console.log(
    `Pronto: ${numbers.format(result.orders)} ordens e ${numbers.format(result.customers)} clientes em ${(result.elapsedMs / 1000).toFixed(1)} s (VACUUM ANALYZE incluído).`,
  );
  console.log("Criando um ano de vendas com os lançamentos financeiros, despesas, 5.000 crediários e fiados…");
  const money = await seedMoneyScale({
    plans: 5_000,
    onProgress: ({ month, sales, plans, entries, elapsedMs }) =>
      console.log(
        `  ${month}: ${numbers.format(sales)} vendas, ${numbers.format(plans)} crediários, ${numbers.format(entries)} lançamentos (${(elapsedMs / 1000).toFixed(1)} s)`,
      ),
  });
  console.log(
    `Pronto: ${numbers.format(money.sales)} vendas e ${numbers.format(money.plans)} crediários em ${(money.elapsedMs / 1000).toFixed(1)} s.`,
  );
  const loyalty = await seedLoyaltyScale(await getDb());
  console.log(`Fidelidade: ${numbers.format(loyalty.entries)} lançamentos de pontos (um ano de pagamentos).`);
}
if (catalogue) {
  console.log(`Criando ${numbers.format(catalogue)} itens de estoque com um ano de movimentos (${databaseKind()})…`);
  const result = await seedLargeCatalogue({
    products: catalogue,
    onProgress: ({ products, movements, elapsedMs }) =>
      console.log(
        `  ${numbers.format(products)} itens, ${numbers.format(movements)} movimentos (${(elapsedMs / 1000).toFixed(1)} s)`,
      ),
  });
  console.log(`Pronto: ${numbers.format(result.products)} itens em ${(result.elapsedMs / 1000).toFixed(1)} s.`);
}
await closeDb();
