/**
 * One of the writers of `npm run proof:instances`: a process of its own on
 * the shared PostgreSQL (DATABASE_URL), as an instance is, creating service
 * orders and sales (cash, and crediário, which opens a plan) through the
 * app's own use cases, all at once, while another writer does the same. It
 * prints what it created as one JSON line.
 *
 *   DATABASE_URL=… WRITER_ACTOR=<user id> WRITER_PRODUCT=<id> WRITER_CUSTOMER=<id> tsx scripts/support/instances-writer.ts 20
 */
import { randomUUID } from "node:crypto";

const count = Number(process.argv[2] ?? "10");
const actor = { userId: process.env.WRITER_ACTOR ?? "", label: "prova de instâncias", role: "owner" as const };
const productId = process.env.WRITER_PRODUCT ?? "";
const customerId = process.env.WRITER_CUSTOMER ?? "";

const [{ closeDb }, { createServiceOrder }, { recordSale }, { addDays, shopToday }] = await Promise.all([
  import("~/db/client.server"),
  import("~/modules/service-orders/mutations.server"),
  import("~/modules/cash-register/sales.server"),
  import("~/lib/dates"),
]);

function orderInput() {
  return {
    customerId,
    deviceType: "phone",
    brand: "Motorola",
    model: "Moto G",
    imeiOrSerial: "",
    color: "",
    accessories: "",
    conditionChecklist: [],
    conditionNotes: "",
    unlockKind: "",
    unlockCode: "",
    reportedDefect: "Não liga (prova de instâncias)",
    diagnosis: "",
    technicianUserId: "",
    lines: [],
    discount: "",
    deposit: "",
    depositMethod: "",
    promisedDate: "",
    warrantyDays: "",
    notes: "",
    idempotencyKey: randomUUID(),
  };
}

function saleInput(isCrediario: boolean) {
  return {
    idempotencyKey: randomUUID(),
    discount: "",
    customerId: isCrediario ? customerId : "",
    items: [{ productId, quantity: "1", discount: "" }],
    payments: [{ method: isCrediario ? "crediario" : "cash", amount: "100,00" }],
    ...(isCrediario ? { credit: { instalmentCount: "2", monthlyRate: "0", firstDueDate: addDays(shopToday(), 30) } } : {}),
  };
}

const errors: string[] = [];
const keep = <T>(work: Promise<T>) =>
  work.catch((error: unknown) => {
    errors.push(String((error as { fieldErrors?: unknown }).fieldErrors ? JSON.stringify(error) : error));
    return null;
  });
/**
 * At most this many creations at once: the pool has 10 connections and a
 * caller waits 5 s for one (client.server.ts), so 80 at once on a loaded
 * machine failed with "timeout exceeded when trying to connect" in the
 * harness, not in the numbering. Both writers still create at the same time.
 */
const AT_ONCE = 8;
const results: [Awaited<ReturnType<typeof createServiceOrder>> | null, Awaited<ReturnType<typeof recordSale>> | null][] = [];
let next = 0;
await Promise.all(
  Array.from({ length: Math.min(AT_ONCE, count) }, async () => {
    while (next < count) {
      const index = next++;
      results[index] = await Promise.all([
        keep(createServiceOrder(actor, orderInput())),
        keep(recordSale(actor, saleInput(index % 2 === 1))),
      ]);
    }
  }),
);
await closeDb();
console.log(
  JSON.stringify({
    orders: results.flatMap(([order]) => (order ? [order.id] : [])),
    sales: results.flatMap(([, sale]) => (sale ? [sale.saleId] : [])),
    errors,
  }),
);
