import { count, desc, eq } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { debtContacts, debts } from "~/db/schema/credit";
import { customers } from "~/db/schema/customers";
import { addDays, atShopTime, shopToday } from "~/lib/dates";

/**
 * A few IOUs ("fiados") of demo customers, so /devedores shows every ageing
 * bucket from the start: one not due yet, and one 10, 45, 75 and 120 days
 * late, with a contact logged about one of them. Only while there are none.
 */
const DEMO_IOUS = [
  { description: "Película de vidro e capinha", amountCents: 6_500, ageDays: 5, termDays: 30, source: "products" },
  { description: "Troca de conector de carga", amountCents: 18_000, ageDays: 40, termDays: 30, source: "services" },
  { description: "Impressão de apostilas", amountCents: 4_250, ageDays: 75, termDays: 30, source: "printing-design" },
  { description: "Carregador turbo", amountCents: 9_900, ageDays: 105, termDays: 30, source: "products" },
  { description: "Limpeza e troca de bateria", amountCents: 27_000, ageDays: 150, termDays: 30, source: "services" },
] as const;

export async function seedDemoDebtsInTx(tx: Transaction, now = new Date()): Promise<boolean> {
  const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(debts);
  if (total > 0) return false;
  const demoCustomers = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.isDemo, true))
    // From the last demo customers: the demo plans take the first ones, and the debtors page shows more people.
    .orderBy(desc(customers.id))
    .limit(DEMO_IOUS.length);
  if (demoCustomers.length < DEMO_IOUS.length) return false;
  const today = shopToday(now);
  const created = await tx
    .insert(debts)
    .values(
      DEMO_IOUS.map((iou, index) => {
        const incurredOn = addDays(today, -iou.ageDays);
        return {
          customerId: demoCustomers[index]!.id,
          kind: "iou" as const,
          description: iou.description,
          revenueSource: iou.source,
          amountCents: iou.amountCents,
          incurredOn,
          dueDate: addDays(incurredOn, iou.termDays),
          createdByLabel: "Demonstração",
          isDemo: true,
        };
      }),
    )
    .returning({ customerId: debts.customerId });
  const contacted = created[2]!;
  await tx.insert(debtContacts).values({
    customerId: contacted.customerId,
    contactedAt: atShopTime(addDays(today, -7), "10:15"),
    channel: "phone",
    note: "Disse que passa na loja para acertar no começo do mês.",
    actorLabel: "Demonstração",
  });
  return true;
}
