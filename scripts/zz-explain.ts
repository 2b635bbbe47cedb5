import { getDb, closeDb } from "~/db/client.server";
import { searchServiceOrders, listServiceOrders } from "~/modules/service-orders/queries.server";
const db = await getDb();
const client = (db as unknown as { $client: { query: (q: string, p?: unknown[], o?: unknown) => Promise<unknown> } }).$client;
const original = client.query.bind(client);
let captured: { q: string; p: unknown[] }[] = [];
client.query = (q: string, p?: unknown[], o?: unknown) => { captured.push({ q, p: p ?? [] }); return original(q, p, o); };
async function explain(label: string, run: () => Promise<unknown>) {
  captured = [];
  const t = performance.now();
  await run();
  console.log(`\n===== ${label} (${(performance.now() - t).toFixed(1)} ms)`);
  for (const { q, p } of captured) {
    const res = (await original(`explain (analyze, buffers off, costs on) ${q}`, p)) as { rows: { "QUERY PLAN": string }[] };
    console.log(q.slice(0, 3000));
    console.log(JSON.stringify(p));
    console.log(res.rows.map((r) => r["QUERY PLAN"]).join("\n"));
  }
}
const code = ((await original("select tracking_code from service_orders where id = 55555")) as { rows: { tracking_code: string }[] }).rows[0]!.tracking_code;
const tech = ((await original("select technician_user_id as t from service_orders where technician_user_id is not null limit 1")) as { rows: { t: string }[] }).rows[0]!.t;
const which = process.argv[2] ?? "all";
if (which === "all" || which === "code") await explain("search code", () => searchServiceOrders(code));
if (which === "all" || which === "model") await explain("search model", () => searchServiceOrders("Galaxy A5"));
if (which === "all" || which === "name") await explain("search name", () => searchServiceOrders("Silva"));
if (which === "all" || which === "list") await explain("list", () => listServiceOrders({ status: "delivered", technicianId: tech, from: "2026-01-01", to: "2026-02-15", page: 2 }));
if (which === "all" || which === "list2") await explain("list nostatus", () => listServiceOrders({ status: null, technicianId: null, from: null, to: null, page: 1 }));
await closeDb();
