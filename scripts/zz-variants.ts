import { PGlite } from "@electric-sql/pglite";
import { PGLITE_OPTIONS } from "~/db/pglite-options";
const client = new PGlite(`${process.env.DATA_DIR}/pglite`, PGLITE_OPTIONS);
const phone = ((await client.query("select phone from customers where id = 12345")).rows[0] as { phone: string }).phone;
const variants: [string, string][] = [
  ["name ilike (atual)", "select id from service_orders where customer_id in (select id from customers where name ilike '%Silva%') order by created_at desc limit 50"],
  ["name lower() like", "select id from service_orders where customer_id in (select id from customers where lower(name) like '%silva%') order by created_at desc limit 50"],
  ["code: name ilike (atual)", "select id from customers where name ilike '%Q2S2BVV7%'"],
  ["model ilike (atual)", "select id from service_orders where model ilike '%Galaxy A5%' order by created_at desc limit 50"],
  ["model lower() like", "select id from service_orders where lower(model) like '%galaxy a5%' order by created_at desc limit 50"],
  ["phone suffix like (atual)", `select id from service_orders where customer_id in (select id from customers where phone like '%${phone.slice(2)}') order by created_at desc limit 50`],
  ["phone substr(3) =", `select id from service_orders where customer_id in (select id from customers where substr(phone, 3) = '${phone.slice(2)}') order by created_at desc limit 50`],
];
const times = new Map<string, number[]>();
for (let round = 0; round < 15; round++) {
  for (const [label, q] of variants) {
    const t = performance.now();
    await client.query(q);
    times.set(label, [...(times.get(label) ?? []), performance.now() - t]);
  }
}
for (const [label, list] of times) {
  const sorted = [...list].sort((a, b) => a - b);
  console.log(label.padEnd(28), "p50", sorted[7]!.toFixed(1), "min", sorted[0]!.toFixed(1));
}
await client.close();
