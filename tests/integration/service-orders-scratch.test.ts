import fs from "node:fs";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { copyPgliteTemplate } from "../support/pglite-template";

const DIR = "/tmp/so-scale";
const MODE = process.env.SCRATCH ?? "time";

it("scale", async () => {
  const fresh = !fs.existsSync(`${DIR}/pglite`);
  fs.mkdirSync(DIR, { recursive: true });
  process.env.DATA_DIR = DIR;
  await copyPgliteTemplate(DIR);
  const { getDb } = await import("~/db/client.server");
  const q = await import("~/modules/service-orders/queries.server");
  const db = await getDb();
  if (fresh) {
    await db.execute(
      sql`insert into "user" (id, name, email, role) select 'tech' || i, 'Técnico ' || i, 'tech' || i || '@x.com', 'staff' from generate_series(1, 4) i`,
    );
    await db.execute(sql`insert into customers (name, phone, document, email)
      select (array['Maria','João','Ana','Pedro','Lucas','Juliana','Carlos','Fernanda','Rafael','Beatriz'])[1 + i % 10] || ' ' ||
             (array['Silva','Santos','Oliveira','Souza','Rodrigues','Ferreira','Alves','Pereira','Lima','Gomes','Costa','Ribeiro'])[1 + (i / 10) % 12] || ' ' ||
             (array['Martins','Carvalho','Almeida','Lopes','Soares','Fernandes','Vieira','Barbosa'])[1 + (i / 120) % 8] || ' ' || i,
        '11' || lpad((900000000 + i * 7919 % 99999999)::text, 9, '0'),
        case when i % 3 = 0 then lpad((i * 104729 % 99999999999)::text, 11, '0') else null end,
        'c' || i || '@x.com'
      from generate_series(1::bigint, 40000::bigint) i`);
    await db.execute(sql`insert into service_orders (tracking_code, customer_id, status, device_type, brand, model, imei_or_serial, reported_defect, lines_total_cents, discount_cents, paid_cents, created_at, technician_user_id)
      select upper(substr(md5(i::text), 1, 12)), 1 + (i * 37) % 40000,
        (array['received','diagnosing','awaiting_approval','approved','declined','awaiting_part','repairing','ready','delivered','delivered','delivered','delivered','cancelled','not_repairable'])[1 + i % 14],
        'phone', (array['Apple','Samsung','Motorola','Xiaomi','LG'])[1 + i % 5],
        (array['iPhone 11','iPhone 13 Pro','Galaxy A54','Galaxy S23','Moto G84','Redmi Note 12','Poco X5','K62','iPad 9','Galaxy Tab A8'])[1 + i % 10],
        case when i % 4 = 0 then 'SN' || md5(i::text) else lpad((350000000000000 + i * 7)::text, 15, '0') end,
        'Tela quebrada', 30000, 0, 10000, now() - (i * 15 || ' minutes')::interval, case when i % 5 = 0 then null else 'tech' || (1 + i % 4) end
      from generate_series(1::bigint, 100000::bigint) i`);
    await db.execute(sql`analyze`);
  }
  const time = async (label: string, fn: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < 40; i++) {
      const s = performance.now();
      await fn();
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    console.log(label.padEnd(40), "min", times[0]!.toFixed(1), "p50", times[20]!.toFixed(1), "p95", times[38]!.toFixed(1));
  };
  const explain = async (query: string) => {
    const result = await db.execute(sql.raw(`explain analyze ${query}`));
    console.log(
      `== ${query}\n` +
        result.rows
          .map((r) => Object.values(r)[0])
          .filter((l) => !/Buffers|Planning:|Index Searches/.test(String(l)))
          .join("\n"),
    );
  };
  if (MODE === "raw") {
    for (const s of (process.env.SQL ?? "").split(";;")) if (s.trim()) await time(s.trim().slice(0, 60), () => db.execute(sql.raw(s)));
  } else if (MODE === "explain") {
    for (const s of (process.env.SQL ?? "").split(";;")) if (s.trim()) await explain(s);
  } else {
    await time("list all", () => q.listServiceOrders({}));
    await time("list status", () => q.listServiceOrders({ status: "ready" }));
    await time("list page 200", () => q.listServiceOrders({ page: 200 }));
    await time("list tech", () => q.listServiceOrders({ technicianId: "tech2" }));
    await time("list tech+status", () => q.listServiceOrders({ technicianId: "tech2", status: "repairing" }));
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86400_000).toISOString().slice(0, 10);
    await time("list last month", () => q.listServiceOrders({ from: monthAgo, to: today }));
    await time("list all-time date", () => q.listServiceOrders({ from: "2020-01-01", to: today }));
    for (const query of (
      process.env.QUERIES ??
      "12345|K7QX3MRA|3500000000|350000000007000|11900007919|900007919|Silva|maria silva|iphone|Galaxy S23|xyzzy|SN1a2b|Beatriz Gomes Barbosa|Fernanda Lima|123.456.789-09"
    ).split("|")) {
      await time(`search ${query}`, () => q.searchServiceOrders(query));
    }
  }
  expect(1).toBe(1);
}, 600_000);
