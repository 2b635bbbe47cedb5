import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { atShopTime } from "~/lib/dates";
import type { Actor } from "~/modules/accounts/roles";
import {
  assertSingletonStoreFound,
  closeOpenDatabase,
  describeOnDatabase,
  openTestDatabase,
  type TestDatabase,
} from "../support/database";

/** An address from the documentation range: if it is anywhere in the database or the log, it leaked. */
const TEST_IP = "203.0.113.77";
const CHROME =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0";
const STAFF: Actor = { userId: "staff-trafego", label: "ana@loja.test", role: "staff" };
const ORIGIN = "http://localhost:3000";

async function loadTraffic() {
  const [dbModule, appModule, collect, rollup, report, period, authModule, envModule, loggerModule] = await Promise.all([
    import("~/db/client.server"),
    import("~/server/app.server"),
    import("~/modules/traffic/collect.server"),
    import("~/modules/traffic/rollup.server"),
    import("~/modules/traffic/report.server"),
    import("~/modules/traffic/period"),
    import("~/modules/accounts/auth.server"),
    import("~/lib/env.server"),
    import("~/lib/logger.server"),
  ]);
  const db = await dbModule.getDb();
  assertSingletonStoreFound();
  // The beacon never reaches React Router: a build with no routes is enough.
  const app = appModule.createApp({ routes: {} } as ServerBuild, envModule.getEnv(), envModule.getEnv().DATA_DIR);
  const server = createAdaptorServer({ fetch: app.fetch });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { db, server, baseUrl, collect, rollup, report, period, auth: await authModule.getAuth(), logger: loggerModule.logger };
}

type Traffic = Awaited<ReturnType<typeof loadTraffic>>;

async function noDatabaseToDrop() {}

/** A browser's report from `ip`, for collectBeacon. */
const client = (ip: string) => ({ ip, userAgent: CHROME, optsOut: false, isPrefetch: false });
/** An instant of a shop day, at the shop's time. */
const at = (day: string, time = "12:00") => atShopTime(day, time);
/** A day's "total" row of traffic_daily. */
const total = (rows: Record<string, unknown>[], day: string) => rows.find((row) => row.day === day && row.dimension === "total");

export function defineTrafficSuite(database: TestDatabase) {
  describeOnDatabase(database, "Tráfego do site: relatórios de visita, hash do visitante e consolidação", () => {
    let traffic: Traffic;
    let dropDatabase: () => Promise<void> = noDatabaseToDrop;
    const logLines: string[] = [];

    beforeAll(async () => {
      // The server takes the client's address from this header, as behind a proxy; limits are on.
      process.env.TRUST_PROXY = "x-forwarded-for";
      process.env.RATE_LIMIT = "on";
      dropDatabase = await openTestDatabase(database);
      traffic = await loadTraffic();
      // Every line the app logs, at every level, is kept to be searched for the address.
      traffic.logger.level = "debug";
      vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
        logLines.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
        const callback = rest.find((argument) => typeof argument === "function") as (() => void) | undefined;
        callback?.();
        return true;
      });
    });

    afterAll(async () => {
      vi.restoreAllMocks();
      await new Promise((resolve) => traffic?.server.close(resolve));
      await closeOpenDatabase();
      await dropDatabase();
    });

    function beacon(
      body: unknown,
      options: { ip?: string; userAgent?: string; headers?: Record<string, string>; origin?: string | null } = {},
    ) {
      const headers: Record<string, string> = {
        "content-type": "text/plain;charset=UTF-8",
        "user-agent": options.userAgent ?? CHROME,
        "x-forwarded-for": options.ip ?? TEST_IP,
        ...options.headers,
      };
      if (options.origin !== null) headers.origin = options.origin ?? ORIGIN;
      return fetch(`${traffic.baseUrl}/api/trafego`, {
        method: "POST",
        headers,
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    }

    async function eventsOf(path: string) {
      const result = await traffic.db.execute<{
        kind: string;
        visitor_hash: string | null;
        source: string;
        device: string;
        browser: string;
        is_entry: boolean;
      }>(sql`select kind, visitor_hash, source, device, browser, is_entry from traffic_events where path = ${path} order by id`);
      return result.rows;
    }

    it("stores a view with the day's visitor hash: the same for one address and browser, another for another browser", async () => {
      expect((await beacon({ p: "/hash", e: 1, r: "www.google.com" })).status).toBe(204);
      expect((await beacon({ p: "/hash" })).status).toBe(204);
      expect((await beacon({ p: "/hash" }, { userAgent: FIREFOX })).status).toBe(204);
      const rows = await eventsOf("/hash");
      expect(rows).toHaveLength(3);
      expect(rows[0]).toMatchObject({ kind: "view", source: "google.com", device: "Celular", browser: "Chrome", is_entry: true });
      expect(rows[0]!.visitor_hash).toMatch(/^[0-9a-f]{32}$/);
      expect(rows[1]!.visitor_hash).toBe(rows[0]!.visitor_hash);
      expect(rows[2]!.visitor_hash).not.toBe(rows[0]!.visitor_hash);
    });

    it("counts a view with Do Not Track or Global Privacy Control without any visitor hash", async () => {
      await beacon({ p: "/dnt" }, { headers: { dnt: "1" } });
      await beacon({ p: "/dnt" }, { headers: { "sec-gpc": "1" } });
      const rows = await eventsOf("/dnt");
      expect(rows.map((row) => row.visitor_hash)).toEqual([null, null]);
    });

    it("drops bots and prefetches in silence", async () => {
      expect(
        (await beacon({ p: "/robo" }, { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }))
          .status,
      ).toBe(204);
      expect((await beacon({ p: "/robo" }, { headers: { "sec-purpose": "prefetch;prerender" } })).status).toBe(204);
      expect((await beacon({ p: "/robo" }, { userAgent: "" })).status).toBe(204);
      expect(await eventsOf("/robo")).toEqual([]);
    });

    it("stores one row per conversion kind, attributed to the visit's source", async () => {
      await beacon({ p: "/loja/x", k: ["whatsapp", "whatsapp_produto"], us: "Instagram", um: "stories", uc: "natal" });
      const rows = await eventsOf("/loja/x");
      expect(rows.map((row) => row.kind).sort()).toEqual(["whatsapp", "whatsapp_produto"]);
      expect(rows.every((row) => row.source === "instagram")).toBe(true);
    });

    it("refuses oversized, malformed and cross-site reports, and stores none of them", async () => {
      const before = await traffic.db.execute<{ n: number }>(sql`select count(*)::int as n from traffic_events`);
      expect((await beacon({ p: `/${"a".repeat(3000)}` })).status).toBe(413);
      expect((await beacon("x".repeat(20_000))).status).toBe(413);
      expect((await beacon("{not json")).status).toBe(400);
      expect((await beacon({ p: "/", k: ["compra"] })).status).toBe(400);
      expect((await beacon({ p: "/", ip: TEST_IP })).status).toBe(400);
      expect((await beacon({ p: "https://evil.test/" })).status).toBe(400);
      expect((await beacon({ p: "/" }, { origin: "https://evil.test" })).status).toBe(403);
      const after = await traffic.db.execute<{ n: number }>(sql`select count(*)::int as n from traffic_events`);
      expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    });

    it("limits each client in the shared, database-backed limits (429), another client still counted", async () => {
      const ip = "198.51.100.9";
      const statuses: number[] = [];
      for (let index = 0; index < traffic.collect.BEACON_LIMIT.max + 1; index++)
        statuses.push((await beacon({ p: "/limite" }, { ip })).status);
      expect(statuses.slice(0, -1).every((status) => status === 204)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      expect((await beacon({ p: "/limite" }, { ip: "198.51.100.10" })).status).toBe(204);
      expect(await eventsOf("/limite")).toHaveLength(traffic.collect.BEACON_LIMIT.max + 1);
      const keys = await traffic.db.execute<{ key: string }>(sql`select key from rate_limit where key like 'trafego:%'`);
      expect(keys.rows.length).toBeGreaterThanOrEqual(2);
      expect(keys.rows.every((row) => !row.key.includes("198.51.100"))).toBe(true);
    });

    it("keeps no client IP in any table nor in the log: beacons, a sign-in session and better-auth's limits hold keyed hashes", async () => {
      const email = "ip@loja.test";
      const password = "Senha-Bem-Longa-123!";
      await traffic.auth.api.signUpEmail({ body: { name: "Pessoa Teste", email, password } });
      await traffic.db.execute(sql`update "user" set email_verified = true where email = ${email}`);
      const signIn = await fetch(`${traffic.baseUrl}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN, "x-forwarded-for": TEST_IP, "user-agent": CHROME },
        body: JSON.stringify({ email, password }),
      });
      expect(signIn.status).toBe(200);
      const sessions = await traffic.db.execute<{ ip_address: string | null }>(sql`select ip_address from session`);
      expect(sessions.rows.length).toBeGreaterThan(0);
      expect(sessions.rows.every((row) => row.ip_address?.startsWith("h:"))).toBe(true);
      await beacon({ p: "/final", e: 1 });

      const tables = await traffic.db.execute<{ name: string }>(
        sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
      );
      const found: string[] = [];
      for (const { name } of tables.rows) {
        const hits = await traffic.db.execute<{ n: number }>(
          sql.raw(`select count(*)::int as n from ${name} t where position('${TEST_IP}' in t::text) > 0`),
        );
        if (hits.rows[0]!.n > 0) found.push(name);
      }
      expect(found).toEqual([]);
      expect(tables.rows.length).toBeGreaterThan(30);
      // The request log was written (so the search below means something), and never with the address.
      expect(logLines.some((line) => line.includes("/api/trafego"))).toBe(true);
      expect(logLines.filter((line) => line.includes(TEST_IP))).toEqual([]);
    });

    it.runIf(database === "postgres")(
      "runs the rollup on one instance at a time: while another holds its lock, a run skips",
      async () => {
        const { Client } = await import("pg");
        const other = new Client({ connectionString: process.env.DATABASE_URL });
        await other.connect();
        try {
          await other.query("begin");
          await other.query("select pg_advisory_xact_lock($1)", [traffic.rollup.ROLLUP_LOCK]);
          expect(await traffic.rollup.rollupTraffic()).toEqual({ ran: false });
          await other.query("commit");
          expect(await traffic.rollup.rollupTraffic()).toMatchObject({ ran: true });
        } finally {
          await other.end();
        }
      },
    );

    it("rolls up idempotently: a second run changes nothing, a run after days of downtime catches up, old events go after six months", async () => {
      const { collectBeacon } = traffic.collect;
      const { rollupTraffic } = traffic.rollup;
      const site = new URL(ORIGIN);
      await traffic.db.execute(sql`delete from traffic_events`);
      await traffic.db.execute(sql`delete from rate_limit`);
      // From a database never rolled up: an earlier test (PostgreSQL's lock test) ran the rollup on today's clock.
      await traffic.db.execute(sql`delete from traffic_rollup_state`);
      await traffic.db.execute(sql`delete from traffic_daily`);
      // Seven months ago, yesterday and today (one visitor twice, one once, a conversion).
      await collectBeacon(JSON.stringify({ p: "/antigo", e: 1 }), client("10.1.0.1"), site, at("2026-04-10"));
      await collectBeacon(JSON.stringify({ p: "/", e: 1, us: "recibo" }), client("10.1.0.2"), site, at("2026-11-19"));
      await collectBeacon(JSON.stringify({ p: "/loja" }), client("10.1.0.2"), site, at("2026-11-19", "12:01"));
      await collectBeacon(JSON.stringify({ p: "/", e: 1 }), client("10.1.0.3"), site, at("2026-11-20"));
      await collectBeacon(
        JSON.stringify({ p: "/", k: ["whatsapp"], us: "recibo" }),
        client("10.1.0.2"),
        site,
        at("2026-11-20", "13:00"),
      );

      const first = await rollupTraffic(at("2026-11-20", "18:00"));
      expect(first).toMatchObject({ ran: true, days: ["2026-04-10", "2026-11-19", "2026-11-20"], rolledThrough: "2026-11-19" });
      const snapshot = async () =>
        (
          await traffic.db.execute(
            sql`select day::text, dimension, value, views, visits, visitors, conversions from traffic_daily order by day, dimension, value`,
          )
        ).rows;
      const afterFirst = await snapshot();
      expect(total(afterFirst, "2026-11-19")).toMatchObject({ views: 2, visits: 1, visitors: 1, conversions: 0 });
      expect(total(afterFirst, "2026-11-20")).toMatchObject({ views: 1, visits: 1, visitors: 2, conversions: 1 });
      expect(afterFirst).toContainEqual(
        expect.objectContaining({ day: "2026-11-20", dimension: "source", value: "recibo", conversions: 1 }),
      );
      // The event of April is past six months: deleted, its day's numbers kept.
      const april = await traffic.db.execute<{ n: number }>(
        sql`select count(*)::int as n from traffic_events where day = '2026-04-10'`,
      );
      expect(april.rows[0]!.n).toBe(0);
      expect(total(afterFirst, "2026-04-10")).toMatchObject({ views: 1 });

      const second = await rollupTraffic(at("2026-11-20", "18:10"));
      expect(second).toMatchObject({ ran: true, days: ["2026-11-20"] });
      expect(await snapshot()).toEqual(afterFirst);

      // Down from the 20th evening to the 24th: events of the 21st and 22nd (another instance kept collecting).
      await collectBeacon(JSON.stringify({ p: "/", e: 1 }), client("10.1.0.4"), site, at("2026-11-20", "22:00"));
      await collectBeacon(JSON.stringify({ p: "/contato", e: 1 }), client("10.1.0.5"), site, at("2026-11-21"));
      await collectBeacon(JSON.stringify({ p: "/", k: ["contato"] }), client("10.1.0.5"), site, at("2026-11-22"));
      const afterGap = await rollupTraffic(at("2026-11-24", "08:00"));
      expect(afterGap).toMatchObject({
        ran: true,
        days: ["2026-11-20", "2026-11-21", "2026-11-22"],
        rolledThrough: "2026-11-23",
      });
      const rows = await snapshot();
      expect(total(rows, "2026-11-20")).toMatchObject({ views: 2, visits: 2, visitors: 3 });
      expect(total(rows, "2026-11-21")).toMatchObject({ views: 1 });
      expect(total(rows, "2026-11-22")).toMatchObject({ conversions: 1 });
      expect(total(rows, "2026-11-19")).toEqual(total(afterFirst, "2026-11-19"));
      // Salts of past days are gone.
      const salts = await traffic.db.execute<{ day: string }>(sql`select day::text from traffic_salts where day < '2026-11-24'`);
      expect(salts.rows).toEqual([]);

      // The page: the rolled days from traffic_daily and today live from the events; uniques are the sum of the days'.
      await collectBeacon(JSON.stringify({ p: "/", e: 1 }), client("10.1.0.6"), site, new Date());
      const { periodOf } = traffic.period;
      const report = await traffic.report.getTrafficReport(STAFF, periodOf("2026-11-19", "2026-11-22"));
      expect(report.totals).toEqual({ views: 2 + 2 + 1, visits: 4, visitors: 1 + 3 + 1 + 1, conversions: 2 });
      expect(report.conversions.find((row) => row.kind === "whatsapp")?.count).toBe(1);
      expect(report.daily.map((day) => day.day)).toEqual(["2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"]);
      await expect(
        traffic.report.getTrafficReport({ ...STAFF, role: "customer" }, periodOf("2026-11-19", "2026-11-22")),
      ).rejects.toThrow();
    });
  });
}
