import { readdirSync } from "node:fs";
import { randomUUID } from "node:crypto";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { shopToday } from "~/lib/dates";
import type { Actor } from "~/modules/accounts/roles";
import type { SessionUser } from "~/modules/accounts/session.server";
import routes from "~/routes";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";
import { unwrapRouteResult } from "./public-tracking-app";

const FINANCE_LAYOUT = "routes/_finance/layout.tsx";
const OWNER = { id: "dona-financas", email: "dona@financas.test", name: "Dona Rosa", role: "owner" };
const STAFF = { id: "tecnico-financas", email: "tecnico@financas.test", name: "Tiago Técnico", role: "staff" };
const GRANTED = { id: "caixa-financas", email: "caixa@financas.test", name: "Fernanda Financeiro", role: "staff" };
const OWNER_ACTOR: Actor = { userId: OWNER.id, label: OWNER.name, role: "owner" };
/** Every table a finance page writes, and the audit log. */
const WRITTEN_TABLES = [
  "finance_entries",
  "finance_accounts",
  "finance_account_roles",
  "finance_categories",
  "finance_recurring",
  "finance_transfers",
  "card_fee_rates",
  "card_receivables",
  "audit_log",
] as const;

type Middleware = (args: unknown, next: () => Promise<Response>) => unknown;
type Handler = (args: unknown) => Promise<unknown>;
type RouteModule = { middleware?: Middleware[]; loader?: Handler; action?: Handler };
type FinanceRoute = { pattern: string; file: string; layouts: string[] };

/** The routes of app/routes.ts with the layouts above each, as React Router nests them. */
function collect(entries: RouteConfigEntry[], parentPath = "", layouts: string[] = []): FinanceRoute[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? `${parentPath.replace(/\/$/, "")}/${entry.path}` : parentPath;
    if (entry.children?.length) return collect(entry.children, pattern, [...layouts, entry.file]);
    return [{ pattern, file: entry.file, layouts }];
  });
}

const EVERY_ROUTE = collect(routes);
const FINANCE_ROUTES = EVERY_ROUTE.filter((route) => route.layouts.includes(FINANCE_LAYOUT));

const importRoute = (file: string) => import(/* @vite-ignore */ `../../app/${file}`) as Promise<RouteModule>;

async function loadModules() {
  const [db, auth, accounts, audit, finance, team, session] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/accounts"),
    import("~/db/schema/audit"),
    import("~/db/schema/finance"),
    import("~/modules/accounts/team-members.server"),
    import("~/modules/accounts/session.server"),
  ]);
  return { db: await db.getDb(), kind: db.databaseKind(), tables: { ...auth, ...accounts, ...audit, ...finance }, team, session };
}

/**
 * Finance is the owner's and of whom the owner granted "Financeiro" (issue 23,
 * §3): every page under the finance layout, loader and action, answers 403 to
 * staff without the grant before anything runs, and runs for a granted person
 * and the owner. The table is read from app/routes.ts, so a finance page added
 * outside the layout, or a new one, is checked the day it appears.
 */
export function defineFinanceAccessSuite(database: TestDatabase) {
  describeOnDatabase(database, "acesso ao financeiro", () => {
    let app: Awaited<ReturnType<typeof loadModules>>;
    let dropDatabase: (() => Promise<void>) | undefined;
    let entryId = 0;
    let supplierId = 0;
    let categoryId = 0;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      expect(app.kind).toBe(database);
      const { user, profiles, financeEntries, financeCategories } = app.tables;
      for (const person of [OWNER, STAFF, GRANTED]) {
        await app.db.insert(user).values({ ...person, emailVerified: true });
        await app.db.insert(profiles).values({ userId: person.id, email: person.email, fullName: person.name });
      }
      await app.team.setTeamMemberFinanceAccess(OWNER_ACTOR, GRANTED.id, "on");
      const [category] = await app.db
        .select({ id: financeCategories.id })
        .from(financeCategories)
        .where(eq(financeCategories.direction, "out"))
        .limit(1);
      categoryId = category!.id;
      const [entry] = await app.db
        .insert(financeEntries)
        .values({
          direction: "out",
          description: "Salário do técnico",
          categoryId: category!.id,
          amountCents: 220_000,
          dueDate: shopToday(),
          createdByLabel: OWNER.name,
        })
        .returning({ id: financeEntries.id });
      entryId = entry!.id;
      const { suppliers } = await import("~/db/schema/suppliers");
      const [supplier] = await app.db.insert(suppliers).values({ name: "Distribuidora Acesso" }).returning({ id: suppliers.id });
      supplierId = supplier!.id;
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    /** The person as a request sees them (the session's own read of role and grant). */
    async function sessionUser(person: typeof OWNER): Promise<SessionUser> {
      const user = await app.session.sessionUserOf(person);
      if (!user) throw new Error(`${person.email} sem sessão`);
      return user;
    }

    async function rowCounts() {
      const counts: Record<string, number> = {};
      for (const table of WRITTEN_TABLES) {
        const result = await app.db.execute<{ total: number }>(sql.raw(`select count(*)::int as total from "${table}"`));
        const rows = "rows" in result ? result.rows : (result as unknown as { total: number }[]);
        counts[table] = Number(rows[0]?.total);
      }
      return counts;
    }

    /** What a request writes when it runs: a new payable where the page takes one, an intent everywhere else. */
    function formFor(route: FinanceRoute) {
      const form = new FormData();
      if (route.pattern.endsWith("/lancamentos/novo")) {
        for (const [name, value] of Object.entries({
          direction: "out",
          description: "Salário da Fernanda",
          categoryId: String(categoryId),
          amount: "1.500,00",
          dueDate: shopToday(),
          instalments: "1",
          idempotencyKey: randomUUID(),
        }))
          form.set(name, value);
      } else if (route.pattern.endsWith("/contas")) {
        // A transfer is finance's day-to-day work (creating accounts stays the owner's).
        form.set("intent", "transfer");
        form.set("amount", "10,00");
        form.set("idempotencyKey", randomUUID());
      } else {
        form.set("intent", "create");
        form.set("name", "Conta criada sem acesso");
        form.set("idempotencyKey", randomUUID());
      }
      return form;
    }

    /**
     * One request through the layouts' guards (the root's session read is the
     * user set here), then the route's loader or action: the status it ends
     * with, and whether the handler ran at all.
     */
    async function request(route: FinanceRoute, method: "GET" | "POST", user: SessionUser) {
      const module = await importRoute(route.file);
      // A row the page can show: a supplier's page its supplier, the others an entry.
      const id = String(route.pattern.includes("fornecedores") ? supplierId : entryId);
      const params = { id };
      const path = route.pattern.replace(":id", id);
      const context = new RouterContextProvider();
      context.set(app.session.sessionUserContext, user);
      const init: RequestInit = method === "POST" ? { method, body: formFor(route) } : { method };
      const args = {
        request: new Request(`http://localhost:3000${path}`, init),
        params,
        context,
        unstable_pattern: route.pattern,
      };
      let ran = false;
      try {
        for (const layout of route.layouts) {
          for (const middleware of (await importRoute(layout)).middleware ?? [])
            await middleware(args, async () => new Response());
        }
        const handler = method === "GET" ? module.loader : module.action;
        ran = true;
        const result = unwrapRouteResult(await handler!(args));
        return { status: result.status, ran, body: result.body };
      } catch (thrown) {
        return { status: unwrapRouteResult(thrown).status, ran, thrown };
      }
    }

    it("every finance page of app/routes sits under the finance layout, and the list is the finance pages", () => {
      const financeFiles = readdirSync(new URL("../../app/routes/_staff/", import.meta.url))
        .filter((name) => /^(finance-|financial-management)/.test(name))
        .map((name) => `routes/_staff/${name}`);
      expect(financeFiles.length).toBeGreaterThan(5);
      expect(FINANCE_ROUTES.map((route) => route.file).sort()).toEqual(financeFiles.sort());
      for (const route of EVERY_ROUTE.filter((candidate) => candidate.pattern.startsWith("/financial-management")))
        expect(route.layouts, route.pattern).toContain(FINANCE_LAYOUT);
    });

    it("the register, sales, debtors and crediário stay open to all staff", () => {
      const staffKept = EVERY_ROUTE.filter((route) => /^\/(cash-register|devedores|cdc)(\/|$)/.test(route.pattern));
      expect(staffKept.map((route) => route.pattern)).toEqual(
        expect.arrayContaining([
          "/cash-register",
          "/cash-register/venda",
          "/devedores",
          "/devedores/:customerId",
          "/cdc",
          "/cdc/novo",
        ]),
      );
      for (const route of staffKept) {
        expect(route.layouts, route.pattern).toContain("routes/_staff/layout.tsx");
        expect(route.layouts, route.pattern).not.toContain(FINANCE_LAYOUT);
        expect(route.layouts, route.pattern).not.toContain("routes/_owner/layout.tsx");
      }
    });

    it("the grant is read with the session: staff without it may not see finance, granted staff and the owner may", async () => {
      expect((await sessionUser(STAFF)).financeAccess).toBe(false);
      expect((await sessionUser(GRANTED)).financeAccess).toBe(true);
      expect((await sessionUser(OWNER)).financeAccess).toBe(true);
    });

    for (const method of ["GET", "POST"] as const) {
      it(`${method}: staff without "Financeiro" get 403 on every finance route and nothing is written; granted staff and the owner get through`, async () => {
        let checked = 0;
        for (const route of FINANCE_ROUTES) {
          const module = await importRoute(route.file);
          if (!(method === "GET" ? module.loader : module.action)) continue;
          checked++;
          const label = `${method} ${route.pattern}`;

          const before = await rowCounts();
          const refused = await request(route, method, await sessionUser(STAFF));
          expect(refused.status, label).toBe(403);
          expect(refused.ran, `${label}: a página não chegou a rodar`).toBe(false);
          expect(unwrapRouteResult(refused.thrown).body, label).toEqual({ reason: "finance-only" });
          expect(await rowCounts(), `${label}: nada gravado`).toEqual(before);

          for (const person of [GRANTED, OWNER]) {
            const answer = await request(route, method, await sessionUser(person));
            expect(answer.ran, `${label} (${person.email})`).toBe(true);
            if (method === "GET") expect(answer.status, `${label} (${person.email})`).toBe(200);
            // An action answers its own way (a redirect, a refused form; categories stay the owner's): never the guard's 403.
            else if (answer.thrown) expect(unwrapRouteResult(answer.thrown).body, label).not.toEqual({ reason: "finance-only" });
          }
        }
        expect(checked).toBeGreaterThan(method === "GET" ? 8 : 5);
      });
    }

    it("a granted person writes through the page: the payable is recorded under their name", async () => {
      const route = FINANCE_ROUTES.find((candidate) => candidate.pattern.endsWith("/lancamentos/novo"))!;
      const { financeEntries } = app.tables;
      const answer = await request(route, "POST", await sessionUser(GRANTED));
      expect(answer.status, JSON.stringify(answer)).toBe(302);
      const rows = await app.db
        .select({ createdByLabel: financeEntries.createdByLabel })
        .from(financeEntries)
        .where(eq(financeEntries.description, "Salário da Fernanda"));
      expect(rows.map((row) => row.createdByLabel)).toContain(GRANTED.name);
    });

    it("the owner grants and withdraws on /equipe, audited; owners and repeated changes are refused", async () => {
      const { auditLog } = app.tables;
      await app.team.setTeamMemberFinanceAccess(OWNER_ACTOR, STAFF.id, "on");
      expect((await sessionUser(STAFF)).financeAccess).toBe(true);
      await expect(app.team.setTeamMemberFinanceAccess(OWNER_ACTOR, STAFF.id, "on")).rejects.toThrow(/já tem acesso/);
      await app.team.setTeamMemberFinanceAccess(OWNER_ACTOR, STAFF.id, "off");
      expect((await sessionUser(STAFF)).financeAccess).toBe(false);
      const audited = await app.db
        .select({ action: auditLog.action, actorUserId: auditLog.actorUserId, details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.entityId, STAFF.id))
        .orderBy(auditLog.id);
      expect(audited).toEqual([
        { action: "user.finance.grant", actorUserId: OWNER.id, details: { from: false, to: true } },
        { action: "user.finance.revoke", actorUserId: OWNER.id, details: { from: true, to: false } },
      ]);
      await expect(app.team.setTeamMemberFinanceAccess(OWNER_ACTOR, OWNER.id, "off")).rejects.toThrow(/Proprietários já veem/);
      // Only the owner grants it: staff (even granted) cannot.
      await expect(
        app.team.setTeamMemberFinanceAccess({ userId: GRANTED.id, label: GRANTED.name, role: "staff" }, STAFF.id, "on"),
      ).rejects.toThrow(/proprietário/);
      expect((await sessionUser(STAFF)).financeAccess).toBe(false);
    });
  });
}
