import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { desc, eq, gt, isNull } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import {
  assertSingletonStoreFound,
  closeOpenDatabase,
  describeOnDatabase,
  openTestDatabase,
  type TestDatabase,
} from "../support/database";
import { pngImage } from "../support/images";
import { adminCommands, exportRoutes, npmCommands, routeActions, serverJobs, type ActionKey } from "./audit-coverage-inventory";
import { importEach, mergeExports } from "../support/import-each";

const OWNER: Actor = { userId: "owner-audit", label: "Olga Dona", role: "owner" };
const STAFF: Actor = { userId: "staff-audit", label: "Sérgio Balcão", role: "staff" };
const MEMBER: Actor = { userId: "member-audit", label: "Marta Técnica", role: "staff" };
const CUSTOMER: Actor = { userId: "customer-audit", label: "Carla Cliente", role: "customer" };
const PASSWORD = "Balcao@2024forte";
const UNLOCK_CODE = "Gato#7319";

async function loadModules() {
  const schemas = await importEach({
    auth: import("~/db/schema/auth"),
    audit: import("~/db/schema/audit"),
    customers: import("~/db/schema/customers"),
    inventory: import("~/db/schema/inventory"),
    credit: import("~/db/schema/credit"),
    finance: import("~/db/schema/finance"),
    register: import("~/db/schema/cash-register"),
    privacy: import("~/db/schema/privacy"),
    shopSettingsSchema: import("~/db/schema/shop-settings"),
    accountsSchema: import("~/db/schema/accounts"),
    ordersSchema: import("~/db/schema/service-orders"),
    warrantiesSchema: import("~/db/schema/warranties"),
    blogSchema: import("~/db/schema/blog"),
  });
  const { client, authServer, ...modules } = await importEach({
    client: import("~/db/client.server"),
    sessions: import("~/modules/cash-register/sessions.server"),
    cashEntries: import("~/modules/cash-register/entries.server"),
    closing: import("~/modules/cash-register/closing.server"),
    registerQueries: import("~/modules/cash-register/queries.server"),
    sales: import("~/modules/cash-register/sales.server"),
    returns: import("~/modules/cash-register/returns.server"),
    orders: import("~/modules/service-orders/mutations.server"),
    loyaltyDiscount: import("~/modules/service-orders/loyalty-discount.server"),
    pickups: import("~/modules/service-orders/pickups.server"),
    tracking: import("~/modules/service-orders/public-tracking.server"),
    debtors: import("~/modules/debtors/mutations.server"),
    debtPayments: import("~/modules/credit/debt-payments.server"),
    settlement: import("~/modules/credit/settlement.server"),
    plans: import("~/modules/credit/plans.server"),
    creditPayments: import("~/modules/credit/payments.server"),
    financeEntries: import("~/modules/finance/entries.server"),
    financeAccounts: import("~/modules/finance/accounts.server"),
    categories: import("~/modules/finance/categories.server"),
    recurring: import("~/modules/finance/recurring.server"),
    cardFees: import("~/modules/finance/card-fees.server"),
    suppliers: import("~/modules/finance/suppliers.server"),
    products: import("~/modules/inventory/products.server"),
    stock: import("~/modules/inventory/stock.server"),
    counts: import("~/modules/inventory/stock-counts.server"),
    productImport: import("~/modules/inventory/product-import.server"),
    customerMutations: import("~/modules/customers/mutations.server"),
    accountLinks: import("~/modules/customers/account-links.server"),
    accountProfile: import("~/modules/customers/account-profile.server"),
    ledger: import("~/modules/loyalty/ledger.server"),
    programme: import("~/modules/loyalty/programme-settings.server"),
    team: import("~/modules/accounts/team-members.server"),
    invites: import("~/modules/accounts/staff-invites.server"),
    templates: import("~/modules/print-templates/templates.server"),
    shopSettings: import("~/modules/shop-settings/mutations.server"),
    settingsValidation: import("~/modules/shop-settings/validation"),
    settingsQueries: import("~/modules/shop-settings/queries.server"),
    demo: import("~/modules/demo/remove-demo-data.server"),
    requests: import("~/modules/privacy/deletion-requests.server"),
    exporting: import("~/modules/privacy/export.server"),
    entriesExport: import("~/modules/finance/entries-export.server"),
    entryFilters: import("~/modules/finance/entry-filters"),
    productExport: import("~/modules/inventory/product-export.server"),
    trafficExport: import("~/modules/traffic/export.server"),
    trafficPeriod: import("~/modules/traffic/period"),
    auditExport: import("~/modules/audit/audit-export.server"),
    auditFilters: import("~/modules/audit/filters"),
    faq: import("~/modules/faq/mutations.server"),
    services: import("~/modules/shop-services/mutations.server"),
    reviews: import("~/modules/reviews/mutations.server"),
    reviewImport: import("~/modules/reviews/review-import.server"),
    blog: import("~/modules/blog/mutations.server"),
    warranties: import("~/modules/warranties/mutations.server"),
    formAuth: import("~/modules/accounts/form-auth.server"),
    authServer: import("~/modules/accounts/auth.server"),
    adminSocket: import("~/modules/accounts/admin-commands.server"),
    money: import("~/lib/money"),
    dates: import("~/lib/dates"),
    rules: import("~/modules/loyalty/rules"),
  });
  const db = await client.getDb();
  const authInstance = await authServer.getAuth();
  assertSingletonStoreFound();
  return { db, auth: authInstance, tables: mergeExports(schemas), ...modules };
}

type App = Awaited<ReturnType<typeof loadModules>>;

/** What one action must leave in the log: exactly one entry, by this person, with these fields. */
type Expected = {
  action: string;
  entity: string;
  entityId?: string | null;
  /** The person the entry names (the actor who acted, or the account that signed in). */
  actor: { userId: string | null; label: string };
  /** Fields whose change the entry shows as before → after ({ before, after } or { changes: { field: { from, to } } }). */
  changed?: Record<string, [unknown, unknown]>;
  /** Other entries the same action writes by design (one per item of a batch), besides its own. */
  alsoRecorded?: string[];
  /** Other details the entry must hold. */
  details?: Record<string, unknown>;
};

/**
 * One action that changes data, proved to leave its entry: `at` names the
 * route actions (`file#intent`) that call it; `run` performs it as the
 * route does (its use case with the form's fields) and returns what the
 * entry must say.
 */
type AuditCase = {
  at: ActionKey[];
  name: string;
  /** What the action needs first (its own entries are not counted). */
  prepare?: () => Promise<unknown>;
  act: (prepared: never) => Promise<Expected>;
};

/**
 * Route actions that change nothing, or whose change needs no entry, and why
 * (issue 25 §3 asks for sign-ins, role changes, deactivations, unlock-code
 * reveals, money and its cancellations, price and stock, templates,
 * settings, demo removal, exports and anonymisations, and staff changes in general).
 */
const NOT_AUDITED: Record<ActionKey, string> = {
  "_site/contact.tsx#": "mensagem de um visitante do site: não é ação da equipe; fica guardada como a própria mensagem, com data",
  "_site/service-order-tracking.tsx#": "sem intenção: recusado, nada gravado",
  "_site/service-order-tracking.tsx#review": "só pede confirmação: nada gravado",
  "_auth/auth.tsx#sair": "sair encerra a própria sessão: nada da loja muda",
  "_auth/auth.tsx#cadastro":
    "um visitante cria a própria conta de cliente (não é ação da equipe; contas da equipe vêm de convite, cuja aceitação é auditada)",
  "_auth/forgot-password.tsx#": "só envia o link de redefinição; a troca de senha, se acontecer, é registrada",
  "_account/profile.tsx#": "", // filled below: audited
  "_staff/service-order-form.tsx#": "sem intenção numa OS existente: recusado, nada gravado",
  "_staff/service-order-form.tsx#save": "", // audited
  "_staff/customer-form.tsx#inline": "", // audited
  "_account/loyalty.tsx#": "sem a intenção “adjust”: recusado, nada gravado",
  "_staff/inventory-count.tsx#": "sem intenção: recusado, nada gravado",
  "_staff/inventory-product.tsx#": "sem intenção (formulário sem arquivo): recusado, nada gravado",
  "_staff/inventory-product.tsx#save": "", // audited
  "_staff/cash-register.tsx#": "sem intenção: recusado, nada gravado",
  "_staff/sale.tsx#": "sem intenção: recusado, nada gravado",
  "_staff/cash-register-day.tsx#": "sem intenção: recusado, nada gravado",
  "_staff/finance-entry.tsx#": "sem intenção: recusado, nada gravado",
  "_staff/finance-accounts.tsx#": "sem intenção: recusado, nada gravado",
  "_staff/finance-recurring.tsx#": "sem intenção: recusado, nada gravado",
  "_staff/finance-categories.tsx#": "sem intenção: recusado, nada gravado",
  "_staff/finance-cards.tsx#": "sem intenção: recusado, nada gravado",
  "_staff/finance-suppliers.tsx#": "sem intenção: recusado, nada gravado",
  "_staff/finance-supplier.tsx#": "sem intenção: recusado, nada gravado",
  "_staff/debtor.tsx#": "sem intenção: recusado, nada gravado",
  "_staff/credit-plan-new.tsx#preview": "“Calcular” sem JavaScript: mostra as parcelas, nada gravado",
  "_staff/credit-plan.tsx#": "sem intenção: recusado, nada gravado",
  "_staff/credit-plan-statement.tsx#": "sem intenção: recusado, nada gravado",
  "_staff/blog-post-editor.tsx#": "sem intenção (formulário sem arquivo): recusado, nada gravado",
  "_staff/blog-post-editor.tsx#preview": "pré-visualização: nada gravado",
  "_staff/markdown-preview.ts#": "pré-visualização de Markdown: nada gravado",
  "_staff/content-reviews.tsx#": "sem intenção: recusado, nada gravado",
  "_staff/content-faq.tsx#": "sem intenção: recusado, nada gravado",
  "_staff/content-faq.tsx#preview": "pré-visualização: nada gravado",
  "_staff/content-story.tsx#preview": "pré-visualização: nada gravado",
  "_staff/content-services.tsx#": "sem intenção: recusado, nada gravado",
  "_staff/print-templates.tsx#": "sem intenção: recusado, nada gravado",
  "_staff/print-template-preview.ts#": "pré-visualização de um modelo: nada gravado",
  "_staff/print-template-editor.tsx#": "sem intenção: recusado, nada gravado",
  "_staff/print-template-editor.tsx#preview": "pré-visualização: nada gravado",
  "_owner/team.tsx#": "sem intenção: recusado, nada gravado",
  "api.auth.ts#": "os endpoints do better-auth: classificados um a um em AUTH_ENDPOINTS",
};
for (const [key, reason] of Object.entries(NOT_AUDITED)) if (reason === "") delete NOT_AUDITED[key];

/**
 * Audited actions proved by another suite, because they need a database in
 * another state (the owner's setup runs only while the shop has no owner):
 * the suite named must check the entry.
 */
const PROVED_ELSEWHERE: Record<ActionKey, { suite: string; action: string }> = {
  "_auth/owner-setup.tsx#": { suite: "shop-settings-suite.ts", action: "owner.setup" },
};

/**
 * better-auth's endpoints (all answered at /api/auth/*), read from the auth
 * instance: those that change data are audited or say why not.
 */
const AUTH_ENDPOINTS: Record<string, string> = {
  "/sign-in/email": "AUDITADO: auth.sign-in e auth.sign-in.failed (casos abaixo)",
  "/sign-up/email": "um visitante cria a própria conta de cliente; contas da equipe vêm de convite (auditado)",
  "/sign-out": "encerra a própria sessão: nada da loja muda",
  "/reset-password": "AUDITADO: auth.password-reset (caso abaixo)",
  "/change-password": "AUDITADO: auth.password-change (caso abaixo)",
  "/request-password-reset": "só grava o token do link e envia o e-mail; a troca de senha é auditada",
  "/reset-password/:token": "GET: só redireciona para a página da nova senha",
  "/verify-email": "confirma o próprio e-mail da conta (link do e-mail): não é ação da equipe",
  "/send-verification-email": "só grava o token do link e envia o e-mail",
  "/change-email": "desligado na configuração (user.changeEmail): recusado",
  "/delete-user": "desligado na configuração (user.deleteUser): recusado; a exclusão é o pedido LGPD, auditado",
  "/delete-user/callback": "desligado na configuração (user.deleteUser): recusado",
  "/update-user": "a pessoa muda o próprio nome/foto na conta: não é ação da equipe (o perfil pelo site é auditado)",
  "/update-session": "a própria sessão",
  "/revoke-session": "encerra uma sessão da própria conta",
  "/revoke-sessions": "encerra as sessões da própria conta",
  "/revoke-other-sessions": "encerra as outras sessões da própria conta",
  "/get-session": "lê a sessão (renovar a validade não muda dados da loja)",
  "/list-sessions": "só lê",
  "/list-accounts": "só lê",
  "/account-info": "só lê",
  "/verify-password": "só confere a senha",
  "/sign-in/social": "nenhum provedor social configurado: recusado",
  "/callback/:id": "nenhum provedor social configurado: recusado",
  "/link-social": "nenhum provedor social configurado: recusado",
  "/unlink-account": "nenhum provedor social configurado: recusado",
  "/refresh-token": "nenhum provedor social configurado: recusado",
  "/get-access-token": "nenhum provedor social configurado: recusado",
  "/ok": "só responde",
  "/error": "só mostra a página de erro",
  "(server-only) setPassword": "só chamável no servidor; o app não o chama",
};

/** npm commands and server jobs that change data, each audited or said why not. */
const COMMANDS: Record<string, string> = {
  "npm:user:role": "AUDITADO: user.role.set (caso abaixo, pelo comando do servidor)",
  "admin:set-role": "AUDITADO: user.role.set (o mesmo comando, pelo socket do servidor em execução)",
  "npm:db:backup": "só lê o banco e grava o arquivo de cópia fora dele",
  "npm:db:restore-drill": "restaura a última cópia numa pasta de rascunho e compara as contagens: o banco da loja não muda",
  "admin:backup": "só lê o banco e grava o arquivo de cópia fora dele",
  "npm:db:restore":
    "LACUNA conhecida (módulo de cópias, de outra frente): a restauração troca o banco inteiro, o registro de auditoria incluído; deveria gravar no banco restaurado uma entrada “cópia restaurada” (arquivo, quando, por quem)",
  "npm:db:migrate": "muda o esquema, não os dados da loja; roda no início de cada servidor",
  "npm:db:seed": "cria a loja de demonstração em um banco vazio ou de teste (desenvolvimento)",
  "job:seedDemoData": "só num banco vazio, antes de existir qualquer pessoa",
  "job:seedEmptyShop": "só num banco vazio, antes de existir qualquer pessoa",
  "job:createOwnerSetupToken":
    "grava só o token do link de configuração; a configuração do proprietário é auditada (owner.setup)",
  "job:runAdminCommand": "o socket dos comandos acima (admin:*)",
  "job:correctFormerRulePayoffs":
    "AUDITADO: credit-plan.payoff-correction, uma entrada por crediário corrigido (credit-corrections-suite)",
  "job:startServerScheduledPublishing": "AUDITADO: blog_post.publish_scheduled (blog-suite)",
  "job:loyaltyExpiryJob":
    "lançamentos de expiração no extrato de pontos (append-only, com data e motivo): é o próprio registro, sem ação de pessoa",
  "job:trafficRollupJob": "agrega contagens anônimas de visitas: sem dado de pessoa nem de dinheiro",
  "job:recurringEntriesJob":
    "lança as contas das recorrências que alguém cadastrou (o cadastro é auditado); cada lançamento diz de que recorrência veio",
  "job:purgeJob": "apaga chaves de repetição vencidas e arquivos que nada referencia: nenhum dado de pessoa ou de dinheiro",
  "job:vacuumJob": "manutenção do banco (VACUUM/ANALYZE): não muda dado nenhum",
};

/** The customer's own CSV and JSON downloads and the staff's exports, which are loaders (GET), not actions. */
const EXPORTS: Record<string, string> = {
  "_owner/personal-data-customer-export.ts": "AUDITADO: privacy.export (caso abaixo)",
  "_account/personal-data-export.ts": "AUDITADO: privacy.export (caso abaixo)",
  "_owner/audit-export.ts": "AUDITADO: audit.export (caso abaixo)",
  "_staff/inventory-export.ts": "AUDITADO: product.export (caso abaixo)",
  "_staff/finance-export.ts": "AUDITADO: finance-entry.export (caso abaixo)",
  "_staff/traffic-export.ts": "AUDITADO: traffic.export (caso abaixo)",
};

const key = () => randomUUID();
const SITE_EMAIL = "rosa@site-auditoria.test";
const POST = { excerpt: "Resumo do post.", bodyMarkdown: "Texto **forte**.", tags: "dicas" };
const REVIEW = { authorName: "Ana Paula", rating: "5", text: "Ótimo!", reviewedOn: "2026-11-19", isPublished: "on" };
const NO_PHOTO = { file: null, remove: false };
const SECRET_KEY = /password|senha|token|secret|unlock.?(code|pattern)|hash/i;

const by = (actor: Actor) => ({ userId: actor.userId!, label: actor.label });

function productInput(quantity: number) {
  return {
    kind: "product",
    name: `Capa ${randomUUID().slice(0, 8)}`,
    sku: "",
    barcode: "",
    category: "Capas",
    brand: "",
    priceCents: "20,00",
    minimumStock: "0",
    location: "",
    description: "",
    shownInShop: "",
    partOrigin: "",
    isSerialised: "",
    revenueSource: "products",
    initialQuantity: String(quantity),
    initialCostCents: quantity > 0 ? "8,00" : "",
  };
}

function ratesForm(overrides: Record<string, string> = {}) {
  const seeded: Record<string, string> = { "fee-debit-1": "1,99", "days-debit-1": "1" };
  for (let n = 1; n <= 12; n++) {
    seeded[`fee-credit-${n}`] = n === 1 ? "3,49" : n <= 6 ? "4,59" : "5,59";
    seeded[`days-credit-${n}`] = "30";
  }
  return { idempotencyKey: key(), ...seeded, ...overrides };
}

const formRequest = () =>
  new Request(new URL("/auth", process.env.PUBLIC_URL ?? "http://localhost:3000"), {
    method: "POST",
    headers: { origin: process.env.PUBLIC_URL ?? "http://localhost:3000", "x-forwarded-for": "10.9.0.1" },
  });

export function defineAuditCoverageSuite(database: TestDatabase) {
  describeOnDatabase(database, "cada ação que muda dados deixa uma entrada de auditoria", () => {
    let app: App;
    let dropDatabase: (() => Promise<void>) | undefined;
    let customerId: number;
    let rentCategoryId: number;
    let bankAccountId: number;
    /** A customer with a site account of their own, linked to a record of theirs without debts (their profile and deletion request). */
    let site: Actor;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      await app.db.insert(app.tables.user).values(
        [OWNER, STAFF, MEMBER, CUSTOMER].map((actor) => ({
          id: actor.userId!,
          name: actor.label,
          email: `${actor.userId}@auditoria.test`,
          role: actor.role,
          emailVerified: true,
        })),
      );
      customerId = await newCustomer("Cliente Auditoria");
      const person = await signUp(SITE_EMAIL, "Rosa do Site");
      site = { userId: person.id, label: person.name, role: "customer" };
      const siteRecord = await newCustomer("Rosa do Site", "11944443333");
      await app.accountLinks.linkCustomerAccount(STAFF, siteRecord, { accountEmail: person.email });
      const accounts = await app.db.select().from(app.tables.financeAccounts);
      bankAccountId = accounts.find((row) => row.name === "Conta bancária")!.id;
      await app.db.update(app.tables.financeAccounts).set({ openingDate: "2025-01-01" });
      const categories = await app.db.select().from(app.tables.financeCategories);
      rentCategoryId = categories.find((row) => row.systemKey === "rent")!.id;
      await app.sessions.openCashRegister(STAFF, { openingFloat: "100,00", idempotencyKey: key() });
      // The shop's own details, confirmed, and a PIX key: a reminder and a PIX need them.
      const settings = await app.settingsQueries.getShopSettings();
      await app.shopSettings.updateShopSettings(
        OWNER,
        settingsInput(settings, {
          document: "11.222.333/0001-81",
          "pix.type": "email",
          "pix.key": "pix@auditoria.test",
          confirmIdentity: "on",
        }),
      );
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    const today = () => app.dates.shopToday();

    async function lastAuditId() {
      const [row] = await app.db
        .select({ id: app.tables.auditLog.id })
        .from(app.tables.auditLog)
        .orderBy(desc(app.tables.auditLog.id))
        .limit(1);
      return row?.id ?? 0;
    }

    async function newCustomer(name: string, phone = `119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`) {
      const [row] = await app.db.insert(app.tables.customers).values({ name, phone }).returning({ id: app.tables.customers.id });
      return row!.id;
    }

    async function product(quantity: number, options: { serialised?: boolean } = {}) {
      const created = await app.products.createProduct(STAFF, {
        ...productInput(quantity),
        isSerialised: options.serialised ? "on" : "",
        idempotencyKey: key(),
      });
      return created.id;
    }

    function saleInput(productId: number, payments = [{ method: "cash", amount: "20,00", tendered: "" }]) {
      return {
        discount: "",
        customerId: String(customerId),
        items: [{ productId: String(productId), quantity: "1", discount: "" }],
        payments,
        expectedTotal: "20,00",
        idempotencyKey: key(),
      };
    }

    async function sale(payments?: { method: string; amount: string; tendered: string }[]) {
      const productId = await product(5);
      return app.sales.recordSale(STAFF, saleInput(productId, payments));
    }

    function orderInput(overrides: Record<string, unknown> = {}) {
      return {
        customerId: String(customerId),
        deviceType: "phone",
        brand: "Samsung",
        model: "A52",
        imeiOrSerial: "",
        color: "",
        accessories: "",
        conditionChecklist: [],
        conditionNotes: "",
        unlockKind: "",
        unlockCode: "",
        reportedDefect: "Não liga",
        diagnosis: "",
        technicianUserId: "",
        lines: [{ kind: "service", description: "Troca de tela", quantity: "1", unitPrice: "300,00", productId: "" }],
        discount: "",
        deposit: "",
        depositMethod: "",
        promisedDate: "",
        warrantyDays: "",
        notes: "",
        idempotencyKey: key(),
        ...overrides,
      };
    }

    async function order(overrides: Record<string, unknown> = {}) {
      return (await app.orders.createServiceOrder(STAFF, orderInput(overrides))).id;
    }

    let shared: Promise<number> | undefined;
    /** One order for the cases that change an open order (opened once: an order issues its printed receipt). */
    function sharedOrder() {
      shared ??= order({ unlockKind: "password", unlockCode: UNLOCK_CODE });
      return shared;
    }

    let ready: Promise<number> | undefined;
    /** One order ready for pickup, for the contact attempt and then the delivery. */
    function readyOrder() {
      ready ??= moveToReady();
      return ready;
    }

    async function moveToReady() {
      const orderId = await order();
      for (const to of ["diagnosing", "awaiting_approval", "approved", "repairing", "ready"] as const) {
        await app.orders.changeServiceOrderStatus(STAFF, orderId, to, "");
      }
      return orderId;
    }

    async function debt(amount = "300,00") {
      const created = await app.debtors.createDebt(STAFF, customerId, {
        description: "Película de vidro",
        amount,
        incurredOn: today(),
        dueDate: today(),
        revenueSource: "products",
        idempotencyKey: key(),
      });
      return created.debtId;
    }

    async function plan() {
      const debtId = await debt();
      const created = await app.plans.createCreditPlan(STAFF, {
        originKind: "debt",
        originId: String(debtId),
        terms: { instalmentCount: "3", monthlyRate: "0", firstDueDate: app.dates.addDays(today(), 30) },
        fee: "",
        downPayment: "",
        downPaymentMethod: "",
        idempotencyKey: key(),
      });
      return created.planId;
    }

    function entryInput(amount = "100,00") {
      return {
        direction: "out",
        description: "Conta de luz",
        categoryId: String(rentCategoryId),
        amount,
        dueDate: today(),
        instalments: "1",
        counterparty: "",
        notes: "",
        idempotencyKey: key(),
      };
    }

    async function entry() {
      const created = (await app.financeEntries.createEntries(STAFF, entryInput())) as { entryIds: number[] };
      return created.entryIds[0]!;
    }

    async function signUp(email: string, name = "Pessoa Auditada") {
      await app.auth.api.signUpEmail({ body: { name, email, password: PASSWORD } });
      await app.db.update(app.tables.user).set({ emailVerified: true }).where(eq(app.tables.user.email, email));
      const [row] = await app.db.select().from(app.tables.user).where(eq(app.tables.user.email, email));
      return row!;
    }

    function recurringInput(amount: string) {
      return {
        direction: "out",
        description: `Aluguel ${randomUUID().slice(0, 4)}`,
        categoryId: String(rentCategoryId),
        amount,
        dayOfMonth: "10",
        startMonth: today().slice(0, 7),
        endMonth: "",
        counterparty: "",
        accountId: "",
        idempotencyKey: key(),
      };
    }

    /** The settings form as the page shows the stored row, with `overrides` typed over it, read as the route reads it. */
    function settingsInput(
      stored: Parameters<App["settingsValidation"]["shopSettingsFormValues"]>[0],
      overrides: Record<string, string>,
    ) {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...app.settingsValidation.shopSettingsFormValues(stored), ...overrides })) {
        if (typeof value === "string") form.set(name, value);
      }
      return app.settingsValidation.shopSettingsFormInput(form);
    }

    async function categoryNamed(name: string) {
      await app.categories.createCategory(OWNER, { name, direction: "out", resultLine: "operating-expense" });
      const [row] = await app.db.select().from(app.tables.financeCategories).where(eq(app.tables.financeCategories.name, name));
      return row!.id;
    }

    const template = (name: string) =>
      app.templates.createTemplate(STAFF, { kind: "service-order-delivery", paper: "80mm", from: "padrao", name });

    const cases: AuditCase[] = [
      // Sign-ins and failed sign-ins, through the sign-in page's own call to better-auth.
      {
        at: ["_auth/auth.tsx#", "_auth/auth.tsx#login"],
        name: "entrar",
        act: async () => {
          const result = await app.formAuth.callAuthEndpoint(formRequest(), "/sign-in/email", {
            email: SITE_EMAIL,
            password: PASSWORD,
          });
          expect(result.ok).toBe(true);
          return { action: "auth.sign-in", entity: "auth", actor: { userId: site.userId, label: SITE_EMAIL } };
        },
      },
      {
        at: ["_auth/auth.tsx#login"],
        name: "entrada recusada (senha errada)",
        act: async () => {
          const result = await app.formAuth.callAuthEndpoint(formRequest(), "/sign-in/email", {
            email: SITE_EMAIL.toUpperCase(),
            password: `${PASSWORD}x`,
          });
          expect(result.ok).toBe(false);
          return { action: "auth.sign-in.failed", entity: "auth", actor: { userId: null, label: SITE_EMAIL } };
        },
      },
      {
        at: ["_auth/reset-password.tsx#"],
        name: "nova senha pelo link",
        act: async () => {
          const person = { id: site.userId!, email: SITE_EMAIL };
          const token = `reset-${randomUUID()}`;
          await app.db.insert(app.tables.verification).values({
            id: randomUUID(),
            identifier: `reset-password:${token}`,
            value: person.id,
            expiresAt: new Date(Date.now() + 60 * 60 * 1000),
          });
          const result = await app.formAuth.callAuthEndpoint(formRequest(), "/reset-password", {
            token,
            newPassword: `${PASSWORD}Novo`,
          });
          expect(result).toMatchObject({ ok: true });
          return {
            action: "auth.password-reset",
            entity: "auth",
            entityId: person.id,
            actor: { userId: person.id, label: person.email },
          };
        },
      },
      {
        at: [],
        name: "trocar a senha com a sessão aberta (better-auth /change-password)",
        prepare: async () => {
          // The password the reset above set.
          const { headers } = await app.auth.api.signInEmail({
            body: { email: SITE_EMAIL, password: `${PASSWORD}Novo` },
            headers: formRequest().headers,
            returnHeaders: true,
          });
          const cookie = headers
            .getSetCookie()
            .map((line) => line.split(";")[0])
            .join("; ");
          return new Headers({ cookie, origin: process.env.PUBLIC_URL ?? "http://localhost:3000" });
        },
        act: async (headers: Headers) => {
          await app.auth.api.changePassword({
            body: { currentPassword: `${PASSWORD}Novo`, newPassword: `${PASSWORD}Outra` },
            headers,
          });
          return {
            action: "auth.password-change",
            entity: "auth",
            entityId: site.userId,
            actor: { userId: site.userId, label: SITE_EMAIL },
          };
        },
      },
      // Role changes, deactivations and the team.
      {
        at: ["_owner/team.tsx#invite"],
        name: "convidar para a equipe",
        act: async () => {
          await app.invites.inviteTeamMember(OWNER, {
            email: `convite-${randomUUID().slice(0, 6)}@auditoria.test`,
            role: "staff",
          });
          return { action: "team.invite.create", entity: "staff_invite", actor: by(OWNER) };
        },
      },
      {
        at: ["_owner/team.tsx#resend"],
        name: "reenviar convite",
        prepare: async () =>
          (
            await app.invites.inviteTeamMember(OWNER, {
              email: `reenvia-${randomUUID().slice(0, 6)}@auditoria.test`,
              role: "staff",
            })
          ).inviteId,
        act: async (inviteId: number) => {
          await app.invites.resendTeamInvite(OWNER, inviteId);
          return { action: "team.invite.resend", entity: "staff_invite", entityId: String(inviteId), actor: by(OWNER) };
        },
      },
      {
        at: ["_owner/team.tsx#revoke"],
        name: "cancelar convite",
        prepare: async () =>
          (
            await app.invites.inviteTeamMember(OWNER, {
              email: `revoga-${randomUUID().slice(0, 6)}@auditoria.test`,
              role: "staff",
            })
          ).inviteId,
        act: async (inviteId: number) => {
          await app.invites.revokeTeamInvite(OWNER, inviteId);
          return { action: "team.invite.revoke", entity: "staff_invite", entityId: String(inviteId), actor: by(OWNER) };
        },
      },
      {
        at: ["_owner/team.tsx#role"],
        name: "mudar a função de alguém da equipe",
        act: async () => {
          await app.team.changeTeamMemberRole(OWNER, MEMBER.userId, { role: "owner" });
          await app.db.update(app.tables.user).set({ role: "staff" }).where(eq(app.tables.user.id, MEMBER.userId!));
          return {
            action: "user.role.set",
            entity: "user",
            entityId: MEMBER.userId,
            actor: by(OWNER),
            details: { from: "staff", to: "owner" },
          };
        },
      },
      {
        at: ["_owner/team.tsx#finance"],
        name: "dar acesso ao financeiro",
        act: async () => {
          await app.team.setTeamMemberFinanceAccess(OWNER, MEMBER.userId, "on");
          return { action: "user.finance.grant", entity: "user", entityId: MEMBER.userId, actor: by(OWNER) };
        },
      },
      {
        at: ["_owner/team.tsx#deactivate"],
        name: "desativar alguém da equipe",
        act: async () => {
          await app.team.deactivateTeamMember(OWNER, MEMBER.userId);
          return { action: "user.deactivate", entity: "user", entityId: MEMBER.userId, actor: by(OWNER) };
        },
      },
      {
        at: ["_owner/team.tsx#reactivate"],
        name: "reativar alguém da equipe",
        act: async () => {
          await app.team.reactivateTeamMember(OWNER, MEMBER.userId);
          return { action: "user.reactivate", entity: "user", entityId: MEMBER.userId, actor: by(OWNER) };
        },
      },
      {
        at: [],
        name: "mudar a função pela linha de comando (npm run user:role)",
        act: async () => {
          const reply = await app.adminSocket.runAdminCommand({
            command: "set-role",
            email: `${MEMBER.userId}@auditoria.test`,
            role: "owner",
          });
          expect(reply.ok).toBe(true);
          await app.db.update(app.tables.user).set({ role: "staff" }).where(eq(app.tables.user.id, MEMBER.userId!));
          return {
            action: "user.role.set",
            entity: "user",
            entityId: MEMBER.userId,
            actor: { userId: null, label: "linha de comando" },
          };
        },
      },
      // Unlock-code reveals.
      {
        at: ["_staff/service-order-form.tsx#reveal-unlock"],
        name: "ver a senha de desbloqueio",
        prepare: () => sharedOrder(),
        act: async (orderId: number) => {
          expect(await app.orders.revealUnlockCode(STAFF, orderId)).toMatchObject({ code: UNLOCK_CODE });
          return {
            action: "service-order.unlock-code.view",
            entity: "service_order",
            entityId: String(orderId),
            actor: by(STAFF),
          };
        },
      },
      // Service orders.
      {
        at: ["_staff/service-order-form.tsx#create"],
        name: "abrir OS",
        act: async () => {
          const { id: orderId } = await app.orders.createServiceOrder(STAFF, orderInput());
          return { action: "service-order.create", entity: "service_order", entityId: String(orderId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/service-order-form.tsx#save"],
        name: "alterar OS (preço do serviço)",
        prepare: () => sharedOrder(),
        act: async (orderId: number) => {
          const { idempotencyKey: _key, ...input } = orderInput({
            lines: [{ kind: "service", description: "Troca de tela", quantity: "1", unitPrice: "350,00", productId: "" }],
          });
          await app.orders.updateServiceOrder(STAFF, orderId, input);
          return {
            action: "service-order.update",
            entity: "service_order",
            entityId: String(orderId),
            actor: by(STAFF),
            changed: { linesTotalCents: [30000, 35000] },
          };
        },
      },
      {
        at: ["_staff/service-order-form.tsx#status"],
        name: "mudar o status da OS",
        prepare: () => sharedOrder(),
        act: async (orderId: number) => {
          await app.orders.changeServiceOrderStatus(STAFF, orderId, "diagnosing", "");
          return { action: "service-order.status.change", entity: "service_order", entityId: String(orderId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/service-order-form.tsx#payment"],
        name: "pagamento de OS",
        prepare: () => sharedOrder(),
        act: async (orderId: number) => {
          await app.orders.addServiceOrderPayment(STAFF, orderId, {
            method: "cash",
            amount: "10,00",
            paidAt: "",
            note: "",
            idempotencyKey: key(),
          });
          return { action: "service-order.payment.add", entity: "service_order", entityId: String(orderId), actor: by(STAFF) };
        },
      },
      {
        at: ["_site/service-order-tracking.tsx#decide"],
        name: "o cliente aprova o orçamento pela consulta online",
        prepare: async () => {
          const orderId = await order();
          for (const to of ["diagnosing", "awaiting_approval"] as const)
            await app.orders.changeServiceOrderStatus(STAFF, orderId, to, "");
          const [row] = await app.db.select().from(app.tables.serviceOrders).where(eq(app.tables.serviceOrders.id, orderId));
          return { orderId, code: row!.trackingCode };
        },
        act: async ({ orderId, code }: { orderId: number; code: string }) => {
          const result = await app.tracking.decideQuoteFromTracking({ kind: "code", code }, "approve");
          expect(result.outcome).toBe("decided");
          return {
            action: "service-order.status.change",
            entity: "service_order",
            entityId: String(orderId),
            actor: { userId: null, label: "Cliente (consulta online)" },
          };
        },
      },
      {
        at: ["_staff/pending-pickups.tsx#"],
        name: "tentativa de contato para retirada",
        prepare: () => readyOrder(),
        act: async (orderId: number) => {
          await app.pickups.recordPickupContactAttempt(STAFF, {
            orderId: String(orderId),
            channel: "phone",
            attemptedAt: app.dates.toShopDateTimeInput(new Date()),
            note: "",
          });
          return {
            action: "service-order.pickup-contact.create",
            entity: "service_order",
            entityId: String(orderId),
            actor: by(STAFF),
          };
        },
      },
      {
        at: ["_staff/service-order-form.tsx#deliver"],
        name: "entregar OS",
        prepare: () => readyOrder(),
        act: async (orderId: number) => {
          await app.orders.deliverServiceOrder(STAFF, orderId, { deliveredTo: "Cliente", registerDebt: true });
          // Delivering moves the status and issues the order's warranty, each with its own entry.
          return {
            action: "service-order.deliver",
            entity: "service_order",
            entityId: String(orderId),
            actor: by(STAFF),
            alsoRecorded: ["service-order.status.change", "warranty.issue"],
          };
        },
      },
      // Customers.
      {
        at: ["_staff/customer-form.tsx#", "_staff/customer-form.tsx#inline"],
        name: "novo cliente",
        act: async () => {
          const created = await app.customerMutations.createCustomer(STAFF, { name: "Ana Nova", phone: "(11) 98888-1234" });
          return { action: "customer.create", entity: "customer", entityId: String(created.id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/customer-form.tsx#"],
        name: "alterar cliente",
        prepare: () => newCustomer("Bia Antiga", "11977776666"),
        act: async (id: number) => {
          await app.customerMutations.updateCustomer(STAFF, id, { name: "Bia Nova", phone: "(11) 97777-6666" });
          return {
            action: "customer.update",
            entity: "customer",
            entityId: String(id),
            actor: by(STAFF),
            changed: { name: ["Bia Antiga", "Bia Nova"] },
          };
        },
      },
      {
        at: ["_staff/customer-form.tsx#link-account"],
        name: "ligar a conta do site ao cliente",
        act: async () => {
          await app.accountLinks.linkCustomerAccount(STAFF, customerId, { accountEmail: `${CUSTOMER.userId}@auditoria.test` });
          return { action: "customer.account-link", entity: "customer", entityId: String(customerId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/customer-form.tsx#unlink-account"],
        name: "desligar a conta do site do cliente",
        act: async () => {
          await app.accountLinks.unlinkCustomerAccount(STAFF, customerId, CUSTOMER.userId!);
          return { action: "customer.account-unlink", entity: "customer", entityId: String(customerId), actor: by(STAFF) };
        },
      },
      // Inventory: prices and stock.
      {
        at: ["_staff/inventory-product.tsx#save"],
        name: "novo item",
        act: async () => {
          const created = await app.products.createProduct(STAFF, { ...productInput(0), idempotencyKey: key() });
          return { action: "product.create", entity: "product", entityId: String(created.id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/inventory-product.tsx#save"],
        name: "mudar o preço de um item",
        prepare: () => product(0),
        act: async (productId: number) => {
          const [row] = await app.db.select().from(app.tables.products).where(eq(app.tables.products.id, productId));
          await app.products.updateProduct(
            STAFF,
            productId,
            { ...productInput(0), name: row!.name, priceCents: "25,00" },
            { file: null, remove: false },
          );
          return {
            action: "product.update",
            entity: "product",
            entityId: String(productId),
            actor: by(STAFF),
            changed: { priceCents: [2000, 2500] },
          };
        },
      },
      {
        at: ["_staff/inventory-product.tsx#archive"],
        name: "arquivar item",
        prepare: () => product(0),
        act: async (productId: number) => {
          await app.products.setProductArchived(STAFF, productId, true);
          return { action: "product.archive", entity: "product", entityId: String(productId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/inventory-product.tsx#restore"],
        name: "reativar item",
        prepare: async () => {
          const productId = await product(0);
          await app.products.setProductArchived(STAFF, productId, true);
          return productId;
        },
        act: async (productId: number) => {
          await app.products.setProductArchived(STAFF, productId, false);
          return { action: "product.restore", entity: "product", entityId: String(productId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/inventory-product.tsx#entry"],
        name: "entrada de estoque",
        prepare: () => product(0),
        act: async (productId: number) => {
          await app.stock.recordStockEntry(STAFF, productId, {
            quantity: "10",
            unitCostCents: "5,00",
            supplier: "",
            payment: "paid",
            accountId: String(bankAccountId),
            paidDate: today(),
            method: "pix",
            idempotencyKey: key(),
          });
          return { action: "stock.entry", entity: "product", entityId: String(productId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/inventory-product.tsx#serial-entry"],
        name: "entrada de unidades com IMEI",
        prepare: () => product(0, { serialised: true }),
        act: async (productId: number) => {
          await app.stock.recordSerialisedEntry(STAFF, productId, {
            units: [{ serial: "356938035643809", costCents: "900,00" }],
            supplier: "",
            payment: "paid",
            accountId: String(bankAccountId),
            paidDate: today(),
            method: "pix",
            idempotencyKey: key(),
          });
          return { action: "stock.entry", entity: "product", entityId: String(productId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/inventory-product.tsx#adjustment"],
        name: "ajuste de estoque",
        prepare: () => product(5),
        act: async (productId: number) => {
          await app.stock.recordStockAdjustment(STAFF, productId, { quantity: "-2", reason: "Quebra", idempotencyKey: key() });
          return { action: "stock.adjustment", entity: "product", entityId: String(productId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/inventory-counts.tsx#"],
        name: "começar inventário",
        act: async () => {
          const { id } = await app.counts.startStockCount(STAFF, { note: "" });
          return { action: "stock-count.start", entity: "stock_count", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/inventory-count.tsx#count", "_staff/inventory-count.tsx#close"],
        name: "contar e encerrar o inventário",
        prepare: async () => {
          const productId = await product(4);
          // The count "começar inventário" left open (one at a time), or a new one.
          const [open] = await app.db.select().from(app.tables.stockCounts).where(isNull(app.tables.stockCounts.closedAt));
          const id = open?.id ?? (await app.counts.startStockCount(STAFF, { note: "" })).id;
          await app.counts.recordCountedQuantity(STAFF, id, productId, { countedQuantity: "3" });
          return { countId: id, confirmation: (await app.counts.getStockCountReview(id))!.confirmation };
        },
        act: async ({ countId, confirmation }: { countId: number; confirmation: string }) => {
          await app.counts.closeStockCount(STAFF, countId, { confirmation, idempotencyKey: key() });
          return { action: "stock-count.close", entity: "stock_count", entityId: String(countId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/inventory-import.tsx#"],
        name: "importar planilha de itens",
        act: async () => {
          await app.productImport.importProductsCsv(
            STAFF,
            new TextEncoder().encode("Nome;Preço;Custo;Estoque\nCabo Auditado;19,90;8,00;10\n"),
            key(),
          );
          // One entry per item created, and the import's own.
          return { action: "product.import", entity: "product", actor: by(STAFF), alsoRecorded: ["product.create"] };
        },
      },
      // The register: money in and out, and its cancellations.
      {
        at: ["_staff/cash-register.tsx#movement"],
        name: "suprimento",
        act: async () => {
          await app.cashEntries.recordCashMovement(STAFF, {
            kind: "supply",
            amount: "50,00",
            reason: "Troco",
            idempotencyKey: key(),
          });
          return { action: "cash-register.supply", entity: "register-entry", actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/cash-register.tsx#cancel", "_staff/cash-register-day.tsx#cancel"],
        name: "cancelar um lançamento do caixa",
        prepare: async () =>
          (
            await app.cashEntries.recordCashMovement(STAFF, {
              kind: "supply",
              amount: "5,00",
              reason: "Troco",
              idempotencyKey: key(),
            })
          ).entryId,
        act: async (entryId: number) => {
          await app.cashEntries.cancelRegisterEntry(STAFF, entryId, { reason: "Lançado por engano" });
          return { action: "cash-register.entry.cancel", entity: "register-entry", entityId: String(entryId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/cash-register.tsx#confirm-pix", "_staff/cash-register-day.tsx#confirm-pix", "_staff/sale.tsx#confirm-pix"],
        name: "confirmar um PIX recebido",
        prepare: async () => {
          const sold = await sale([{ method: "pix", amount: "20,00", tendered: "" }]);
          const [pix] = await app.db
            .select()
            .from(app.tables.registerEntries)
            .where(eq(app.tables.registerEntries.saleId, sold.saleId));
          return pix!.id;
        },
        act: async (entryId: number) => {
          await app.cashEntries.confirmPixEntry(STAFF, entryId);
          return { action: "cash-register.pix.confirm", entity: "register-entry", entityId: String(entryId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/sale-new.tsx#"],
        name: "venda",
        prepare: () => product(5),
        act: async (productId: number) => {
          const sold = await app.sales.recordSale(STAFF, saleInput(productId));
          return { action: "sale.record", entity: "sale", entityId: String(sold.saleId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/sale.tsx#cancel"],
        name: "cancelar venda",
        prepare: async () => (await sale()).saleId,
        act: async (saleId: number) => {
          await app.sales.cancelSale(STAFF, saleId, { reason: "Cliente desistiu" });
          return { action: "sale.cancel", entity: "sale", entityId: String(saleId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/sale.tsx#return"],
        name: "devolução",
        prepare: async () => {
          const sold = await sale();
          const [item] = await app.db.select().from(app.tables.saleItems).where(eq(app.tables.saleItems.saleId, sold.saleId));
          return { saleId: sold.saleId, itemId: item!.id };
        },
        act: async ({ saleId, itemId }: { saleId: number; itemId: number }) => {
          await app.returns.recordSaleReturn(STAFF, saleId, {
            settlement: "refund",
            refundMethod: "cash",
            customerId: "",
            reason: "Arrependimento",
            items: [{ saleItemId: String(itemId), quantity: "1" }],
            idempotencyKey: key(),
          });
          return { action: "sale.return", entity: "sale", entityId: String(saleId), actor: by(STAFF) };
        },
      },
      // Debts and the crediário.
      {
        at: ["_staff/debtor.tsx#iou"],
        name: "novo fiado",
        act: async () => {
          const { debtId } = await app.debtors.createDebt(STAFF, customerId, {
            description: "Película de vidro",
            amount: "45,00",
            incurredOn: today(),
            dueDate: today(),
            revenueSource: "products",
            idempotencyKey: key(),
          });
          return { action: "debt.iou.create", entity: "debt", entityId: String(debtId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/debtor.tsx#contact"],
        name: "contato de cobrança",
        prepare: () => debt("30,00"),
        act: async () => {
          await app.debtors.recordDebtContact(STAFF, customerId, {
            channel: "phone",
            contactedAt: app.dates.toShopDateTimeInput(new Date()),
            note: "Prometeu pagar",
          });
          return { action: "debt.contact.create", entity: "customer", entityId: String(customerId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/debtor.tsx#reminder"],
        name: "lembrete de cobrança pelo WhatsApp",
        act: async () => {
          await app.debtors.sendDebtReminder(STAFF, customerId);
          return { action: "debt.reminder.send", entity: "customer", entityId: String(customerId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/debtor-settlement.tsx#"],
        name: "acerto das dívidas do cliente",
        prepare: async () => {
          const otherCustomer = await newCustomer("Devedor Acerto");
          const created = await app.debtors.createDebt(STAFF, otherCustomer, {
            description: "Capa",
            amount: "70,00",
            incurredOn: today(),
            dueDate: today(),
            revenueSource: "products",
            idempotencyKey: key(),
          });
          return { otherCustomer, debtId: created.debtId };
        },
        act: async ({ otherCustomer, debtId }: { otherCustomer: number; debtId: number }) => {
          await app.settlement.settleCustomerDebts(STAFF, otherCustomer, {
            items: [`debt:${debtId}`],
            amount: "",
            method: "cash",
            note: "",
            idempotencyKey: key(),
          });
          // Each debt paid leaves its own entry, and the settlement its summary.
          return {
            action: "debtors.settlement",
            entity: "customer",
            entityId: String(otherCustomer),
            actor: by(STAFF),
            alsoRecorded: ["debt.payment"],
          };
        },
      },
      {
        at: ["_staff/credit-plan-new.tsx#"],
        name: "novo crediário",
        prepare: () => debt(),
        act: async (debtId: number) => {
          const { planId } = await app.plans.createCreditPlan(STAFF, {
            originKind: "debt",
            originId: String(debtId),
            terms: { instalmentCount: "3", monthlyRate: "0", firstDueDate: app.dates.addDays(today(), 30) },
            fee: "",
            downPayment: "",
            downPaymentMethod: "",
            idempotencyKey: key(),
          });
          return { action: "credit.plan.create", entity: "credit_plan", entityId: String(planId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/credit-plan-pay.tsx#"],
        name: "pagar parcela do crediário",
        prepare: () => plan(),
        act: async (planId: number) => {
          await app.creditPayments.payCreditPlan(STAFF, planId, { amount: "50,00", method: "cash", idempotencyKey: key() });
          return { action: "credit-plan.payment", entity: "credit_plan", entityId: String(planId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/credit-plan-payoff.tsx#"],
        name: "quitar o crediário",
        prepare: () => plan(),
        act: async (planId: number) => {
          await app.creditPayments.payoffCreditPlan(STAFF, planId, {
            instalments: "todas",
            expectedTotal: "300,00",
            method: "cash",
            idempotencyKey: key(),
          });
          return { action: "credit-plan.payoff", entity: "credit_plan", entityId: String(planId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/credit-plan-statement.tsx#cancel-payment"],
        name: "cancelar um pagamento do crediário",
        prepare: async () => {
          const planId = await plan();
          const paid = await app.creditPayments.payCreditPlan(STAFF, planId, {
            amount: "50,00",
            method: "cash",
            idempotencyKey: key(),
          });
          return { planId, paymentId: paid.paymentId };
        },
        act: async ({ planId, paymentId }: { planId: number; paymentId: number }) => {
          await app.creditPayments.cancelCreditPayment(STAFF, paymentId, { reason: "Lançado por engano" });
          return { action: "credit-plan.payment.cancel", entity: "credit_plan", entityId: String(planId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/credit-plan.tsx#cancel"],
        name: "cancelar o crediário",
        prepare: () => plan(),
        act: async (planId: number) => {
          await app.plans.cancelCreditPlan(STAFF, planId, { reason: "Cliente desistiu" });
          return { action: "credit.plan.cancel", entity: "credit_plan", entityId: String(planId), actor: by(STAFF) };
        },
      },
      // Finance.
      {
        at: ["_staff/finance-entry-new.tsx#"],
        name: "novo lançamento",
        act: async () => {
          const created = (await app.financeEntries.createEntries(STAFF, entryInput())) as { entryIds: number[] };
          const entryId = created.entryIds[0]!;
          return { action: "finance.entry.create", entity: "finance-entry", entityId: String(entryId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/finance-entry.tsx#pay"],
        name: "pagar um lançamento",
        prepare: () => entry(),
        act: async (entryId: number) => {
          await app.financeEntries.payEntry(STAFF, entryId, {
            paidDate: today(),
            accountId: String(bankAccountId),
            method: "pix",
            idempotencyKey: key(),
          });
          return { action: "finance.entry.pay", entity: "finance-entry", entityId: String(entryId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/finance-entry.tsx#redate"],
        name: "mudar o vencimento",
        prepare: () => entry(),
        act: async (entryId: number) => {
          const dueDate = app.dates.addDays(today(), 5);
          await app.financeEntries.redateEntry(STAFF, entryId, { dueDate });
          return {
            action: "finance.entry.redate",
            entity: "finance-entry",
            entityId: String(entryId),
            actor: by(STAFF),
            details: { from: today(), to: dueDate },
          };
        },
      },
      {
        at: ["_staff/finance-entry.tsx#split"],
        name: "dividir um lançamento",
        prepare: () => entry(),
        act: async (entryId: number) => {
          await app.financeEntries.splitEntry(STAFF, entryId, {
            amount: "40,00",
            dueDate: app.dates.addDays(today(), 10),
            idempotencyKey: key(),
          });
          return { action: "finance.entry.split", entity: "finance-entry", entityId: String(entryId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/finance-entry.tsx#update"],
        name: "alterar um lançamento (valor)",
        prepare: () => entry(),
        act: async (entryId: number) => {
          await app.financeEntries.updateEntry(STAFF, entryId, {
            description: "Conta de luz",
            categoryId: String(rentCategoryId),
            amount: "110,00",
            dueDate: today(),
            counterparty: "",
            supplierId: "",
            notes: "",
          });
          return {
            action: "finance.entry.update",
            entity: "finance-entry",
            entityId: String(entryId),
            actor: by(STAFF),
            changed: { amountCents: [10000, 11000] },
          };
        },
      },
      {
        at: ["_staff/finance-entry.tsx#cancel"],
        name: "cancelar um lançamento",
        prepare: () => entry(),
        act: async (entryId: number) => {
          await app.financeEntries.cancelEntry(STAFF, entryId, { reason: "Em dobro" });
          return { action: "finance.entry.cancel", entity: "finance-entry", entityId: String(entryId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/finance-accounts.tsx#create"],
        name: "nova conta",
        act: async () => {
          await app.financeAccounts.createAccount(OWNER, {
            name: "Cofre auditado",
            kind: "other",
            openingBalance: "0,00",
            openingDate: today(),
          });
          return { action: "finance.account.create", entity: "finance-account", actor: by(OWNER) };
        },
      },
      {
        at: ["_staff/finance-accounts.tsx#update"],
        name: "alterar conta",
        prepare: async () => {
          await app.financeAccounts.createAccount(OWNER, {
            name: "Poupança",
            kind: "bank",
            openingBalance: "0,00",
            openingDate: today(),
          });
          const [row] = await app.db
            .select()
            .from(app.tables.financeAccounts)
            .where(eq(app.tables.financeAccounts.name, "Poupança"));
          return row!.id;
        },
        act: async (accountId: number) => {
          await app.financeAccounts.updateAccount(OWNER, accountId, {
            name: "Poupança da loja",
            kind: "bank",
            openingBalance: "0,00",
            openingDate: today(),
          });
          return {
            action: "finance.account.update",
            entity: "finance-account",
            entityId: String(accountId),
            actor: by(OWNER),
            changed: { name: ["Poupança", "Poupança da loja"] },
          };
        },
      },
      {
        at: ["_staff/finance-accounts.tsx#archive"],
        name: "arquivar conta",
        prepare: async () => {
          await app.financeAccounts.createAccount(OWNER, {
            name: "Antiga",
            kind: "bank",
            openingBalance: "0,00",
            openingDate: today(),
          });
          const [row] = await app.db
            .select()
            .from(app.tables.financeAccounts)
            .where(eq(app.tables.financeAccounts.name, "Antiga"));
          return row!.id;
        },
        act: async (accountId: number) => {
          await app.financeAccounts.archiveAccount(OWNER, accountId);
          return { action: "finance.account.archive", entity: "finance-account", entityId: String(accountId), actor: by(OWNER) };
        },
      },
      {
        at: ["_staff/finance-accounts.tsx#transfer"],
        name: "transferência entre contas",
        act: async () => {
          const drawer = (await app.db.select().from(app.tables.financeAccounts)).find(
            (row) => row.name === "Caixa (gaveta)",
          )!.id;
          await app.financeAccounts.recordTransfer(STAFF, {
            fromAccountId: String(bankAccountId),
            toAccountId: String(drawer),
            amount: "25,00",
            transferDate: today(),
            description: "",
            idempotencyKey: key(),
          });
          return { action: "finance.transfer", entity: "finance-transfer", actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/finance-accounts.tsx#roles"],
        name: "contas de cada forma de pagamento",
        act: async () => {
          const roles = await app.db.select().from(app.tables.financeAccountRoles);
          const input = Object.fromEntries(roles.map((row) => [row.role, String(row.accountId)]));
          const drawer = (await app.db.select().from(app.tables.financeAccounts)).find(
            (row) => row.name === "Caixa (gaveta)",
          )!.id;
          await app.financeAccounts.setAccountRoles(OWNER, {
            ...input,
            withdrawal: String(input.withdrawal === String(drawer) ? bankAccountId : drawer),
          });
          return { action: "finance.account.roles", entity: "finance-account", actor: by(OWNER) };
        },
      },
      {
        at: ["_staff/finance-recurring.tsx#create"],
        name: "novo recorrente",
        act: async () => {
          await app.recurring.createRecurring(STAFF, recurringInput("1.500,00"));
          return { action: "finance.recurring.create", entity: "finance-recurring", actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/finance-recurring.tsx#update"],
        name: "alterar recorrente",
        prepare: async () => (await app.recurring.createRecurring(STAFF, recurringInput("900,00"))).recurringId,
        act: async (id: number) => {
          const { idempotencyKey: _key, ...input } = recurringInput("950,00");
          await app.recurring.updateRecurring(STAFF, id, input);
          return { action: "finance.recurring.update", entity: "finance-recurring", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/finance-recurring.tsx#archive"],
        name: "encerrar recorrente",
        prepare: async () => (await app.recurring.createRecurring(STAFF, recurringInput("800,00"))).recurringId,
        act: async (id: number) => {
          await app.recurring.archiveRecurring(STAFF, id);
          return { action: "finance.recurring.archive", entity: "finance-recurring", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/finance-categories.tsx#create"],
        name: "nova categoria",
        act: async () => {
          await app.categories.createCategory(OWNER, { name: "Brindes", direction: "out", resultLine: "operating-expense" });
          return { action: "finance.category.create", entity: "finance-category", actor: by(OWNER) };
        },
      },
      {
        at: ["_staff/finance-categories.tsx#update"],
        name: "alterar categoria",
        prepare: async () => categoryNamed("Festas"),
        act: async (id: number) => {
          await app.categories.updateCategory(OWNER, id, {
            name: "Festas da loja",
            direction: "out",
            resultLine: "operating-expense",
          });
          return {
            action: "finance.category.update",
            entity: "finance-category",
            entityId: String(id),
            actor: by(OWNER),
            changed: { name: ["Festas", "Festas da loja"] },
          };
        },
      },
      {
        at: ["_staff/finance-categories.tsx#archive"],
        name: "arquivar categoria",
        prepare: async () => categoryNamed("Viagens"),
        act: async (id: number) => {
          await app.categories.setCategoryArchived(OWNER, id, true);
          return { action: "finance.category.archive", entity: "finance-category", entityId: String(id), actor: by(OWNER) };
        },
      },
      {
        at: ["_staff/finance-categories.tsx#restore"],
        name: "reativar categoria",
        prepare: async () => {
          const id = await categoryNamed("Cursos");
          await app.categories.setCategoryArchived(OWNER, id, true);
          return id;
        },
        act: async (id: number) => {
          await app.categories.setCategoryArchived(OWNER, id, false);
          return { action: "finance.category.restore", entity: "finance-category", entityId: String(id), actor: by(OWNER) };
        },
      },
      {
        at: ["_staff/finance-cards.tsx#rates"],
        name: "taxas do cartão",
        act: async () => {
          await app.cardFees.updateCardFeeRates(OWNER, ratesForm({ "fee-debit-1": "1,5" }));
          return { action: "finance.card-fees.update", entity: "card_fee_rates", actor: by(OWNER) };
        },
      },
      {
        at: ["_staff/finance-suppliers.tsx#create"],
        name: "novo fornecedor",
        act: async () => {
          await app.suppliers.createSupplier(STAFF, { name: "Distribuidora Auditada" });
          return { action: "supplier.create", entity: "supplier", actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/finance-supplier.tsx#update"],
        name: "alterar fornecedor",
        prepare: async () => (await app.suppliers.createSupplier(STAFF, { name: "Peças Sul" })).id,
        act: async (id: number) => {
          await app.suppliers.updateSupplier(STAFF, id, { name: "Peças do Sul" });
          return { action: "supplier.update", entity: "supplier", entityId: String(id), actor: by(STAFF) };
        },
      },
      // Settings, templates, loyalty, demo, personal data.
      {
        at: ["_owner/shop-settings.tsx#"],
        name: "configurações da loja",
        act: async () => {
          const row = await app.settingsQueries.getShopSettings();
          await app.shopSettings.updateShopSettings(OWNER, settingsInput(row, { defaultWarrantyDays: "120" }));
          return {
            action: "shop-settings.update",
            entity: "shop_settings",
            actor: by(OWNER),
            changed: { defaultWarrantyDays: [row!.defaultWarrantyDays, 120] },
          };
        },
      },
      {
        at: ["_owner/loyalty-programme.tsx#"],
        name: "regras da fidelidade",
        act: async () => {
          const rules = app.rules.DEFAULT_LOYALTY_RULES;
          await app.programme.saveLoyaltyRules(OWNER, {
            enabled: true,
            effectiveFrom: app.dates.addDays(today(), 7),
            pointsPerSpendStep: String(rules.pointsPerSpendStep),
            spendStep: "200,00",
            referralPoints: "150",
            cycleBonusPoints: String(rules.cycleBonusPoints),
            cycleBonusMinRepairs: String(rules.cycleBonusMinRepairs),
            cycleStartDay: String(rules.cycleStart.day),
            cycleStartMonth: String(rules.cycleStart.month),
            validityYears: String(rules.validityYears),
            levels: rules.levels.map((level) => ({
              name: level.name,
              minPoints: String(level.minPoints),
              discountPercent: String(level.discountBasisPoints / 100).replace(".", ","),
            })),
          });
          return { action: "loyalty.rules.change", entity: "loyalty_rule_versions", actor: by(OWNER) };
        },
      },
      {
        at: ["_account/loyalty.tsx#adjust"],
        name: "ajuste de pontos",
        act: async () => {
          await app.ledger.adjustPoints(OWNER, customerId, { points: "50", reason: "Cortesia", idempotencyKey: key() });
          return { action: "loyalty.adjust", entity: "loyalty", actor: by(OWNER) };
        },
      },
      {
        at: ["_staff/print-template-new.tsx#"],
        name: "novo modelo de impressão",
        act: async () => {
          const { id } = await app.templates.createTemplate(STAFF, {
            kind: "service-order-delivery",
            paper: "80mm",
            from: "padrao",
            name: "Entrega nova",
          });
          return { action: "print_template.create", entity: "print_template", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/print-template-editor.tsx#save"],
        name: "editar modelo de impressão",
        prepare: async () => (await template("Entrega editada")).id,
        act: async (id: number) => {
          await app.templates.saveTemplate(STAFF, String(id), {
            name: "Entrega curta",
            body: "<p>OS {{ os.numero }}</p>",
            margins: { top: "5", right: "0", bottom: "0", left: "0" },
          });
          return {
            action: "print_template.update",
            entity: "print_template",
            entityId: String(id),
            actor: by(STAFF),
            changed: { name: ["Entrega editada", "Entrega curta"] },
            details: { bodyChanged: true },
          };
        },
      },
      {
        at: ["_staff/print-templates.tsx#make-default", "_staff/print-template-editor.tsx#make-default"],
        name: "modelo como padrão",
        prepare: async () => (await template("Entrega padrão")).id,
        act: async (id: number) => {
          await app.templates.makeDefaultTemplate(STAFF, String(id));
          return { action: "print_template.make_default", entity: "print_template", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/print-templates.tsx#use-shipped"],
        name: "voltar ao modelo do Balcão",
        prepare: async () => {
          const { id } = await template("Entrega volta");
          await app.templates.makeDefaultTemplate(STAFF, String(id));
          return id;
        },
        act: async () => {
          await app.templates.useShippedTemplate(STAFF, "service-order-delivery", "80mm");
          return { action: "print_template.use_shipped", entity: "print_template", actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/print-templates.tsx#duplicate", "_staff/print-template-editor.tsx#duplicate"],
        name: "duplicar modelo",
        prepare: async () => (await template("Entrega original")).id,
        act: async (id: number) => {
          const copy = await app.templates.duplicateTemplate(STAFF, String(id));
          return { action: "print_template.duplicate", entity: "print_template", entityId: String(copy.id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/print-template-editor.tsx#restore"],
        name: "voltar o texto do modelo ao do Balcão",
        prepare: async () => (await template("Entrega restaurada")).id,
        act: async (id: number) => {
          await app.templates.restoreShippedSource(STAFF, String(id));
          return { action: "print_template.restore_shipped", entity: "print_template", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/print-templates.tsx#delete", "_staff/print-template-editor.tsx#delete"],
        name: "excluir modelo",
        prepare: async () => (await template("Entrega apagada")).id,
        act: async (id: number) => {
          await app.templates.deleteTemplate(STAFF, String(id));
          return { action: "print_template.delete", entity: "print_template", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/inventory-product.tsx#write-off"],
        name: "baixa de unidade com IMEI",
        prepare: async () => {
          const productId = await product(0, { serialised: true });
          await app.stock.recordSerialisedEntry(STAFF, productId, {
            units: [{ serial: "490154203237518", costCents: "900,00" }],
            supplier: "",
            payment: "paid",
            accountId: String(bankAccountId),
            paidDate: today(),
            method: "pix",
            idempotencyKey: key(),
          });
          const [unit] = await app.db
            .select()
            .from(app.tables.productUnits)
            .where(eq(app.tables.productUnits.productId, productId));
          return { productId, unitId: unit!.id };
        },
        act: async ({ productId, unitId }: { productId: number; unitId: number }) => {
          await app.stock.writeOffUnit(STAFF, productId, { unitId: String(unitId), reason: "Roubada", idempotencyKey: key() });
          return { action: "stock.write-off", entity: "product", entityId: String(productId), actor: by(STAFF) };
        },
      },
      {
        at: ["_auth/staff-invite.tsx#"],
        name: "aceitar o convite da equipe",
        prepare: async () => {
          const email = `aceita-${randomUUID().slice(0, 6)}@auditoria.test`;
          const { inviteId } = await app.invites.inviteTeamMember(OWNER, { email, role: "staff" });
          // The link's token travels only by e-mail: this one is set as the invite's.
          const token = randomUUID();
          await app.db
            .update(app.tables.staffInvites)
            .set({ tokenHash: createHash("sha256").update(token).digest("hex") })
            .where(eq(app.tables.staffInvites.id, inviteId));
          return { email, token, inviteId };
        },
        act: async ({ email, token, inviteId }: { email: string; token: string; inviteId: number }) => {
          const accepted = await app.invites.acceptStaffInvite({
            token,
            fullName: "Nina Nova",
            password: PASSWORD,
            confirmation: PASSWORD,
          });
          const [person] = await app.db.select().from(app.tables.user).where(eq(app.tables.user.email, email));
          expect(accepted.email).toBe(email);
          return {
            action: "team.invite.accept",
            entity: "staff_invite",
            entityId: String(inviteId),
            actor: { userId: person!.id, label: expect.any(String) as never },
          };
        },
      },
      {
        at: ["_account/profile.tsx#"],
        name: "o cliente muda o próprio perfil (consentimento de marketing)",
        act: async () => {
          await app.accountProfile.updateAccountProfile(site, {
            fullName: "Rosa do Site Nova",
            phone: "",
            marketingConsent: "on",
          });
          return {
            action: "account.profile-update",
            entity: "user",
            actor: by(site),
            alsoRecorded: ["customer.consent-by-customer"],
          };
        },
      },
      {
        at: ["_staff/customer-form.tsx#apply-change"],
        name: "confirmar no cadastro o nome que o cliente mudou",
        prepare: async () => {
          const [request] = await app.db
            .select()
            .from(app.tables.customerChangeRequests)
            .orderBy(desc(app.tables.customerChangeRequests.id))
            .limit(1);
          return request!;
        },
        act: async (request: { id: number; customerId: number }) => {
          await app.accountProfile.resolveCustomerChangeRequest(STAFF, request.customerId, request.id, "apply");
          return { action: "customer.update", entity: "customer", entityId: String(request.customerId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/customer-form.tsx#dismiss-change"],
        name: "descartar a mudança de telefone que o cliente pediu",
        prepare: async () => {
          const [applied] = await app.db
            .select()
            .from(app.tables.customerChangeRequests)
            .orderBy(desc(app.tables.customerChangeRequests.id))
            .limit(1);
          const [request] = await app.db
            .insert(app.tables.customerChangeRequests)
            .values({ customerId: applied!.customerId, userId: applied!.userId, field: "phone", value: "11999990000" })
            .returning();
          return request!;
        },
        act: async (request: { id: number; customerId: number }) => {
          await app.accountProfile.resolveCustomerChangeRequest(STAFF, request.customerId, request.id, "dismiss");
          return {
            action: "customer.change-request-dismissed",
            entity: "customer",
            entityId: String(request.customerId),
            actor: by(STAFF),
          };
        },
      },
      {
        at: ["_staff/service-order-form.tsx#loyalty-discount"],
        name: "desconto do nível de fidelidade na OS",
        prepare: async () => {
          const loyal = await newCustomer("Cliente Fiel");
          const top = app.rules.DEFAULT_LOYALTY_RULES.levels.at(-1)!;
          await app.ledger.adjustPoints(OWNER, loyal, {
            points: String(top.minPoints),
            reason: "Fidelidade",
            idempotencyKey: key(),
          });
          return { orderId: await order({ customerId: String(loyal) }), basisPoints: top.discountBasisPoints };
        },
        act: async ({ orderId, basisPoints }: { orderId: number; basisPoints: number }) => {
          await app.loyaltyDiscount.applyServiceOrderLoyaltyDiscount(STAFF, orderId, basisPoints);
          return {
            action: "service-order.loyalty-discount",
            entity: "service_order",
            entityId: String(orderId),
            actor: by(STAFF),
          };
        },
      },
      {
        at: ["_staff/service-order-form.tsx#loyalty-discount-remove"],
        name: "tirar o desconto de fidelidade da OS",
        prepare: async () => {
          const [row] = await app.db
            .select({ id: app.tables.serviceOrders.id })
            .from(app.tables.serviceOrders)
            .where(gt(app.tables.serviceOrders.loyaltyDiscountBasisPoints, 0))
            .limit(1);
          return row!.id;
        },
        act: async (orderId: number) => {
          await app.loyaltyDiscount.removeServiceOrderLoyaltyDiscount(STAFF, orderId);
          return {
            action: "service-order.loyalty-discount-removed",
            entity: "service_order",
            entityId: String(orderId),
            actor: by(STAFF),
          };
        },
      },
      {
        at: ["_staff/finance-cards.tsx#receivable-date"],
        name: "mudar a data prevista de um recebível de cartão",
        prepare: async () => {
          const sold = await sale([{ method: "debit", amount: "20,00", tendered: "" }]);
          const [receivable] = await app.db
            .select()
            .from(app.tables.cardReceivables)
            .orderBy(desc(app.tables.cardReceivables.id))
            .limit(1);
          expect(receivable).toBeDefined();
          return { receivableId: receivable!.id, saleId: sold.saleId };
        },
        act: async ({ receivableId }: { receivableId: number }) => {
          await app.cardFees.updateCardReceivableDate(OWNER, receivableId, {
            expectedDate: app.dates.addDays(today(), 3),
            idempotencyKey: key(),
          });
          return {
            action: "finance.card-receivable.date",
            entity: "card_receivable",
            entityId: String(receivableId),
            actor: by(OWNER),
          };
        },
      },
      {
        at: ["_staff/warranty-new.tsx#"],
        name: "emitir garantia de um item vendido",
        prepare: async () => {
          const sold = await sale();
          const [item] = await app.db.select().from(app.tables.saleItems).where(eq(app.tables.saleItems.saleId, sold.saleId));
          return { saleId: sold.saleId, itemId: item!.id };
        },
        act: async ({ saleId, itemId }: { saleId: number; itemId: number }) => {
          const { ids } = await app.warranties.issueSaleWarranties(STAFF, saleId, {
            contractualDays: "180",
            coverage: "Defeitos de fabricação.",
            exclusions: "Quedas.",
            saleItemIds: [String(itemId)],
          });
          return { action: "warranty.issue", entity: "warranty", entityId: String(ids[0]), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/warranty.tsx#"],
        name: "abrir um chamado de garantia",
        prepare: async () => {
          const [warranty] = await app.db.select().from(app.tables.warranties).orderBy(desc(app.tables.warranties.id)).limit(1);
          return warranty!.id;
        },
        act: async (warrantyId: number) => {
          await app.warranties.openWarrantyClaim(STAFF, warrantyId, {
            reportedDefect: "Parou de carregar",
            note: "",
            idempotencyKey: key(),
          });
          return {
            action: "warranty.claim",
            entity: "warranty",
            entityId: String(warrantyId),
            actor: by(STAFF),
            alsoRecorded: ["service-order.create"],
          };
        },
      },
      // The site's content.
      {
        at: ["_staff/blog-post-editor.tsx#save"],
        name: "novo post",
        act: async () => {
          const saved = await app.blog.savePost(STAFF, null, { ...POST, title: "Bateria dura mais?", status: "draft" });
          return { action: "blog_post.create", entity: "blog_post", entityId: String(saved.id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/blog-post-editor.tsx#save"],
        name: "alterar post",
        prepare: async () => (await app.blog.savePost(STAFF, null, { ...POST, title: "Tela trincada", status: "draft" })).id,
        act: async (id: number) => {
          const [row] = await app.db.select().from(app.tables.blogPosts).where(eq(app.tables.blogPosts.id, id));
          await app.blog.savePost(STAFF, id, { ...POST, title: "Tela trincada: e agora?", slug: row!.slug, status: "draft" });
          return { action: "blog_post.update", entity: "blog_post", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/blog-post-editor.tsx#unpublish"],
        name: "despublicar post",
        prepare: async () => (await app.blog.savePost(STAFF, null, { ...POST, title: "Publicado", status: "published" })).id,
        act: async (id: number) => {
          await app.blog.unpublishPost(STAFF, id);
          return { action: "blog_post.unpublish", entity: "blog_post", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/blog-post-editor.tsx#delete"],
        name: "apagar post",
        prepare: async () => (await app.blog.savePost(STAFF, null, { ...POST, title: "Apagar", status: "draft" })).id,
        act: async (id: number) => {
          await app.blog.deletePost(STAFF, id);
          return { action: "blog_post.delete", entity: "blog_post", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/blog-post-editor.tsx#insert-image"],
        name: "imagem no texto do post",
        prepare: () => pngImage(200, 100),
        act: async (bytes: Uint8Array) => {
          const form = new FormData();
          form.set("bodyImageAlt", "Placa do aparelho");
          form.set("bodyImage", new File([new Uint8Array(bytes)], "placa.png"));
          await app.blog.storeBodyImage(STAFF, form);
          return { action: "upload.create", entity: "upload", actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/content-review-form.tsx#"],
        name: "nova avaliação",
        act: async () => {
          const id = await app.reviews.createReview(STAFF, REVIEW, NO_PHOTO);
          return { action: "review.create", entity: "review", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/content-review-form.tsx#"],
        name: "alterar avaliação",
        prepare: () => app.reviews.createReview(STAFF, REVIEW, NO_PHOTO),
        act: async (id: number) => {
          await app.reviews.updateReview(STAFF, id, { ...REVIEW, text: "Ótimo e rápido!" }, NO_PHOTO);
          return { action: "review.update", entity: "review", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/content-reviews.tsx#hide"],
        name: "esconder avaliação",
        prepare: () => app.reviews.createReview(STAFF, REVIEW, NO_PHOTO),
        act: async (id: number) => {
          await app.reviews.setReviewPublished(STAFF, id, false);
          return { action: "review.hide", entity: "review", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/content-reviews.tsx#show"],
        name: "mostrar avaliação",
        prepare: () => app.reviews.createReview(STAFF, { ...REVIEW, isPublished: "" }, NO_PHOTO),
        act: async (id: number) => {
          await app.reviews.setReviewPublished(STAFF, id, true);
          return { action: "review.show", entity: "review", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/content-reviews.tsx#up", "_staff/content-reviews.tsx#down"],
        name: "mudar a ordem das avaliações",
        prepare: () => app.reviews.createReview(STAFF, REVIEW, NO_PHOTO),
        act: async (id: number) => {
          expect(await app.reviews.moveReview(STAFF, id, "down")).toBe(true);
          return { action: "review.move", entity: "review", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/content-reviews.tsx#delete", "_staff/content-review-form.tsx#delete"],
        name: "excluir avaliação",
        prepare: () => app.reviews.createReview(STAFF, REVIEW, NO_PHOTO),
        act: async (id: number) => {
          await app.reviews.deleteReview(STAFF, id);
          return { action: "review.delete", entity: "review", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/content-reviews-import.tsx#"],
        name: "importar avaliações",
        act: async () => {
          const csv = "Nome;Nota;Comentário;Data;Foto\r\nJoão Lima;4;Bom atendimento;01/09/2026;\r\n";
          await app.reviewImport.importReviews(STAFF, new TextEncoder().encode(csv));
          return { action: "review.import", entity: "review", actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/content-faq.tsx#create"],
        name: "nova pergunta frequente",
        act: async () => {
          const id = await app.faq.createFaqEntry(STAFF, { question: "Faz orçamento?", answer: "Sim.", isPublished: "on" });
          return { action: "faq.create", entity: "faq_entry", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/content-faq.tsx#update"],
        name: "alterar pergunta frequente",
        prepare: () => app.faq.createFaqEntry(STAFF, { question: "Aceita cartão?", answer: "Sim.", isPublished: "on" }),
        act: async (id: number) => {
          await app.faq.updateFaqEntry(STAFF, id, { question: "Aceita cartão?", answer: "Sim, em até 12x.", isPublished: "on" });
          return { action: "faq.update", entity: "faq_entry", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/content-faq.tsx#hide"],
        name: "esconder pergunta frequente",
        prepare: () => app.faq.createFaqEntry(STAFF, { question: "Tem estacionamento?", answer: "Não.", isPublished: "on" }),
        act: async (id: number) => {
          await app.faq.setFaqEntryPublished(STAFF, id, false);
          return { action: "faq.hide", entity: "faq_entry", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/content-faq.tsx#show"],
        name: "mostrar pergunta frequente",
        prepare: () => app.faq.createFaqEntry(STAFF, { question: "Abre domingo?", answer: "Não.", isPublished: "" }),
        act: async (id: number) => {
          await app.faq.setFaqEntryPublished(STAFF, id, true);
          return { action: "faq.show", entity: "faq_entry", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/content-faq.tsx#up", "_staff/content-faq.tsx#down"],
        name: "mudar a ordem das perguntas",
        prepare: () => app.faq.createFaqEntry(STAFF, { question: "Troca bateria?", answer: "Sim.", isPublished: "on" }),
        act: async (id: number) => {
          expect(await app.faq.moveFaqEntry(STAFF, id, "up")).toBe(true);
          return { action: "faq.move", entity: "faq_entry", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/content-faq.tsx#delete"],
        name: "excluir pergunta frequente",
        prepare: () => app.faq.createFaqEntry(STAFF, { question: "Apagar?", answer: "Sim.", isPublished: "on" }),
        act: async (id: number) => {
          await app.faq.deleteFaqEntry(STAFF, id);
          return { action: "faq.delete", entity: "faq_entry", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/content-story.tsx#", "_staff/content-story.tsx#save"],
        name: "história da loja",
        act: async () => {
          await app.faq.saveStory(STAFF, { bodyMarkdown: "Desde 2010 no bairro." });
          return { action: "site_text.update", entity: "site_text", actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/content-services.tsx#create"],
        name: "novo serviço na página inicial",
        act: async () => {
          const id = await app.services.createShopService(STAFF, "footer", { title: "Película na hora" });
          return { action: "shop_service.create", entity: "shop_service", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/content-services.tsx#update"],
        name: "alterar serviço",
        prepare: () => app.services.createShopService(STAFF, "footer", { title: "Troca de tela" }),
        act: async (id: number) => {
          await app.services.updateShopService(STAFF, "footer", id, { title: "Troca de tela na hora" });
          return { action: "shop_service.update", entity: "shop_service", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/content-services.tsx#up", "_staff/content-services.tsx#down"],
        name: "mudar a ordem dos serviços",
        prepare: () => app.services.createShopService(STAFF, "footer", { title: "Limpeza" }),
        act: async (id: number) => {
          await app.services.moveShopService(STAFF, "footer", id, "up");
          return { action: "shop_service.move", entity: "shop_service", entityId: String(id), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/content-services.tsx#delete"],
        name: "excluir serviço",
        prepare: () => app.services.createShopService(STAFF, "footer", { title: "Apagar" }),
        act: async (id: number) => {
          await app.services.deleteShopService(STAFF, "footer", id);
          return { action: "shop_service.delete", entity: "shop_service", entityId: String(id), actor: by(STAFF) };
        },
      },
      // Last: closing the register, and opening it again.
      {
        at: ["_staff/cash-register-closing.tsx#"],
        name: "fechamento do caixa",
        prepare: async () => {
          const desk = await app.registerQueries.getRegisterDesk();
          return {
            registerId: desk.register!.id,
            countedCash: app.money.centsToInput(desk.totals.expected.cash),
            seen: desk.fingerprint,
          };
        },
        act: async ({ registerId, countedCash, seen }: { registerId: number; countedCash: string; seen: string }) => {
          await app.closing.closeCashRegister(STAFF, registerId, {
            countMode: "total",
            countedCash,
            seen,
            idempotencyKey: key(),
          });
          return { action: "cash-register.close", entity: "cash-register", entityId: String(registerId), actor: by(STAFF) };
        },
      },
      {
        at: ["_staff/cash-register.tsx#open"],
        name: "abertura do caixa",
        act: async () => {
          const opened = await app.sessions.openCashRegister(STAFF, { openingFloat: "100,00", idempotencyKey: key() });
          return { action: "cash-register.open", entity: "cash-register", entityId: String(opened.registerId), actor: by(STAFF) };
        },
      },
      {
        at: [],
        name: "exportar os dados de um cliente (LGPD)",
        act: async () => {
          await app.exporting.exportCustomerData(OWNER, customerId);
          return { action: "privacy.export", entity: "customer", entityId: String(customerId), actor: by(OWNER) };
        },
      },
      {
        at: [],
        name: "exportar os lançamentos (CSV)",
        act: async () => {
          const filters = app.entryFilters.entryFiltersFromSearchParams(new URLSearchParams("tipo=saida"));
          await app.entriesExport.exportEntriesCsv(STAFF, filters);
          return {
            action: "finance-entry.export",
            entity: "finance-entry",
            actor: by(STAFF),
            details: { filters: "tipo=saida" },
          };
        },
      },
      {
        at: [],
        name: "exportar o estoque (CSV)",
        act: async () => {
          await app.productExport.exportProductsCsv(STAFF);
          return { action: "product.export", entity: "product", actor: by(STAFF) };
        },
      },
      {
        at: [],
        name: "exportar o tráfego do site (CSV)",
        act: async () => {
          await app.trafficExport.exportTrafficCsv(STAFF, "page", app.trafficPeriod.periodOf("2026-11-01", "2026-11-28"));
          return {
            action: "traffic.export",
            entity: "traffic",
            actor: by(STAFF),
            details: { table: "page", period: "01/11/2026 a 28/11/2026" },
          };
        },
      },
      {
        at: [],
        name: "exportar o registro de auditoria (CSV)",
        act: async () => {
          const filters = app.auditFilters.auditFiltersFromSearchParams(new URLSearchParams("area=caixa"));
          await app.auditExport.exportAuditCsv(OWNER, filters);
          return { action: "audit.export", entity: "audit_log", actor: by(OWNER), details: { filters: "area=caixa" } };
        },
      },
      {
        at: [],
        name: "o cliente baixa os próprios dados (LGPD)",
        act: async () => {
          await app.exporting.exportOwnData(site);
          return { action: "privacy.export", entity: "user", entityId: site.userId, actor: by(site) };
        },
      },
      {
        at: ["_owner/personal-data-customer.tsx#"],
        name: "anonimizar um cliente",
        prepare: () => newCustomer("Cliente Esquecido", "11955554444"),
        act: async (id: number) => {
          await app.requests.anonymiseCustomer(OWNER, id);
          return { action: "privacy.anonymise", entity: "customer", entityId: String(id), actor: by(OWNER) };
        },
      },
      {
        at: ["_account/personal-data.tsx#"],
        name: "o cliente pede a exclusão dos seus dados",
        act: async () => {
          await app.requests.requestAccountDeletion(site);
          return { action: "privacy.deletion-request", entity: "data_deletion_request", actor: by(site) };
        },
      },
      {
        at: ["_owner/personal-data-requests.tsx#"],
        name: "atender um pedido de exclusão",
        prepare: async () => {
          const [request] = await app.db
            .select()
            .from(app.tables.dataDeletionRequests)
            .orderBy(desc(app.tables.dataDeletionRequests.id))
            .limit(1);
          return request!.id;
        },
        act: async (requestId: number) => {
          await app.requests.carryOutDeletionRequest(OWNER, requestId);
          // Each record anonymised leaves its entry, and the request its completion.
          return {
            action: "privacy.deletion-request.complete",
            entity: "data_deletion_request",
            entityId: String(requestId),
            actor: by(OWNER),
            alsoRecorded: ["privacy.anonymise"],
          };
        },
      },
      {
        at: ["_owner/demo-data.tsx#"],
        name: "apagar os dados de demonstração",
        act: async () => {
          await app.demo.removeDemoData(OWNER);
          return { action: "demo.remove", entity: "shop_settings", actor: by(OWNER) };
        },
      },
    ];

    for (const audited of cases) {
      it(`${audited.name}: uma entrada, com quem, o quê e o antes → depois`, async () => {
        const prepared = (await audited.prepare?.()) as never;
        const before = await lastAuditId();
        const expected = await audited.act(prepared);
        const rows = await app.db
          .select()
          .from(app.tables.auditLog)
          .where(gt(app.tables.auditLog.id, before))
          .orderBy(app.tables.auditLog.id);
        const also = expected.alsoRecorded ?? [];
        const own = rows.filter((row) => row.action === expected.action);
        expect(own, "exatamente uma entrada da ação").toHaveLength(1);
        const others = rows.filter((row) => row.action !== expected.action).map((row) => row.action);
        expect([...new Set(others)].sort(), "nenhuma outra entrada além das previstas").toEqual([...also].sort());
        if (also.length === 0) expect(rows).toHaveLength(1);
        const [row] = own;
        expect(row).toMatchObject({
          entity: expected.entity,
          actorUserId: expected.actor.userId,
          actorLabel: expected.actor.label,
          ...(expected.entityId === undefined ? {} : { entityId: expected.entityId }),
        });
        if (expected.details) expect(row!.details).toMatchObject(expected.details);
        for (const [field, [from, to]] of Object.entries(expected.changed ?? {})) {
          const details = row!.details as {
            before?: Record<string, unknown>;
            after?: Record<string, unknown>;
            changes?: Record<string, { from: unknown; to: unknown }>;
          };
          const shown = details.changes?.[field] ?? { from: details.before?.[field], to: details.after?.[field] };
          expect(shown, `${field}: antes → depois`).toEqual({ from, to });
        }
        // Never a secret: no key that names one, and none of the secrets this suite typed.
        const text = JSON.stringify(row!.details);
        expect(text).not.toContain(PASSWORD);
        expect(text).not.toContain(UNLOCK_CODE);
        // A key that names a secret holds no text (a flag such as "hasUnlockCode" or "unlockCodeErased" is not the secret).
        const keys: string[] = [];
        JSON.stringify(row!.details, (name, value: unknown) => {
          if (name && typeof value === "string" && value !== "") keys.push(name);
          return value;
        });
        expect(keys.filter((name) => SECRET_KEY.test(name))).toEqual([]);
      });
    }

    it("lista cada ação que muda dados: auditada (caso acima) ou classificada com o motivo", () => {
      const proved = new Set([...cases.flatMap((audited) => audited.at), ...Object.keys(PROVED_ELSEWHERE)]);
      for (const [at, { suite, action }] of Object.entries(PROVED_ELSEWHERE)) {
        expect(readFileSync(path.join(import.meta.dirname, suite), "utf8"), `${at}: ${suite} confere ${action}`).toContain(
          `"${action}"`,
        );
      }
      const inventory = routeActions();
      const missing = inventory.filter((at) => !proved.has(at) && !(at in NOT_AUDITED));
      // A new route action, or a new intent of one: add a case above that proves its entry, or classify it with a reason.
      expect(missing).toEqual([]);
      // Each case calls a use case the route's own source calls: the case proves that route's action, not another.
      const wrong: string[] = [];
      for (const audited of cases) {
        const called = [...String(audited.act).matchAll(/\bapp\.\w+\.(\w+)\(/g)].map((match) => match[1]!);
        for (const at of audited.at) {
          const source = readFileSync(path.join(import.meta.dirname, "../../app/routes", at.split("#")[0]!), "utf8");
          if (!called.some((name) => source.includes(`${name}(`))) wrong.push(`${audited.name} → ${at} (${called.join(", ")})`);
        }
      }
      expect(wrong, "casos cuja rota não chama o caso de uso testado").toEqual([]);
      const stale = [...proved, ...Object.keys(NOT_AUDITED)].filter((at) => !inventory.includes(at));
      expect(stale, "casos e motivos de ações que não existem mais").toEqual([]);
      const both = [...proved].filter((at) => at in NOT_AUDITED);
      expect(both, "uma ação é auditada ou classificada, não as duas").toEqual([]);
    });

    it("classifica cada endpoint do better-auth", () => {
      const endpoints = Object.values(app.auth.api as Record<string, { path?: string }>).map(
        (endpoint) => endpoint.path ?? "(server-only) setPassword",
      );
      expect(endpoints.filter((endpoint) => !(endpoint in AUTH_ENDPOINTS))).toEqual([]);
      expect(Object.keys(AUTH_ENDPOINTS).filter((endpoint) => !endpoints.includes(endpoint))).toEqual([]);
    });

    it("classifica cada comando e cada tarefa do servidor que muda dados", () => {
      const inventory = [
        ...npmCommands().map((name) => `npm:${name}`),
        ...adminCommands().map((name) => `admin:${name}`),
        ...serverJobs().map((name) => `job:${name}`),
      ];
      expect(inventory.filter((name) => !(name in COMMANDS))).toEqual([]);
      expect(Object.keys(COMMANDS).filter((name) => !inventory.includes(name))).toEqual([]);
    });

    it("classifica cada exportação de dados (rotas .csv e .json)", () => {
      const exports = exportRoutes();
      expect(exports.length).toBeGreaterThan(3);
      expect(exports.filter((file) => !(file in EXPORTS))).toEqual([]);
      expect(Object.keys(EXPORTS).filter((file) => !exports.includes(file))).toEqual([]);
    });
  });
}
