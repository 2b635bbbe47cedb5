import { sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { financeEntries, financeRecurring } from "~/db/schema/finance";
import { addDays, shopMonthOf, shopToday } from "~/lib/dates";
import { categoryOfKeyInTx } from "~/modules/finance/ledger.server";
import { generateRecurringEntriesInTx } from "~/modules/finance/recurring.server";
import type { SystemCategoryKey } from "~/modules/finance/revenue-parts";

const DEMO_LABEL = "Demonstração";

/** The fixed costs a small repair shop pays every month, in round fictional amounts. */
const DEMO_RECURRING: { key: SystemCategoryKey; description: string; amountCents: number; day: number; counterparty: string }[] =
  [
    { key: "rent", description: "Aluguel da loja", amountCents: 180_000, day: 5, counterparty: "Imobiliária Exemplo" },
    { key: "utilities", description: "Internet e telefone", amountCents: 12_990, day: 10, counterparty: "Operadora Exemplo" },
    { key: "payroll", description: "Salário do técnico", amountCents: 220_000, day: 5, counterparty: "Técnico (demonstração)" },
    { key: "tax", description: "DAS do Simples Nacional", amountCents: 35_000, day: 20, counterparty: "Receita Federal" },
  ];

/** Two bills typed by hand: one already overdue, one due next week. */
const DEMO_PAYABLES: {
  key: SystemCategoryKey;
  description: string;
  amountCents: number;
  daysFromToday: number;
  counterparty: string;
}[] = [
  {
    key: "utilities",
    description: "Conta de luz",
    amountCents: 24_780,
    daysFromToday: -3,
    counterparty: "Distribuidora de energia",
  },
  {
    key: "stock-purchases",
    description: "Boleto de peças (telas e baterias)",
    amountCents: 86_500,
    daysFromToday: 7,
    counterparty: "Distribuidora de Peças Exemplo",
  },
];

/**
 * The demo's finance: recurring expenses with their entries generated
 * ahead, and a few payables, all `is_demo`. Written only while finance has
 * no recurring at all, so a second seed (or a shop already in use) gets none.
 */
export async function seedDemoFinanceInTx(tx: Transaction, today = shopToday()): Promise<boolean> {
  const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(financeRecurring);
  if ((existing?.count ?? 0) > 0) return false;
  for (const recurring of DEMO_RECURRING) {
    const category = await categoryOfKeyInTx(tx, recurring.key);
    await tx.insert(financeRecurring).values({
      direction: "out",
      description: recurring.description,
      categoryId: category.id,
      amountCents: recurring.amountCents,
      dayOfMonth: recurring.day,
      startMonth: shopMonthOf(today),
      counterparty: recurring.counterparty,
      createdByLabel: DEMO_LABEL,
      isDemo: true,
    });
  }
  await generateRecurringEntriesInTx(tx, today);
  for (const payable of DEMO_PAYABLES) {
    const category = await categoryOfKeyInTx(tx, payable.key);
    await tx.insert(financeEntries).values({
      direction: "out",
      description: payable.description,
      categoryId: category.id,
      amountCents: payable.amountCents,
      dueDate: addDays(today, payable.daysFromToday),
      counterparty: payable.counterparty,
      createdByLabel: DEMO_LABEL,
      isDemo: true,
    });
  }
  return true;
}
