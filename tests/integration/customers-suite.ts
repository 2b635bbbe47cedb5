import { count, eq } from "drizzle-orm";
import * as fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cpfCheckDigits, formatDocument } from "~/modules/customers/document";
import {
  assertSingletonStoreFound,
  closeOpenDatabase,
  describeOnDatabase,
  openTestDatabase,
  raceTitle,
  type TestDatabase,
} from "../support/database";

/** The customer functions and tables, imported once the test has pointed the app at its database. */
async function loadCustomers() {
  const [dbModule, schema, audit, mutations, queries, errors, roles] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/customers"),
    import("~/db/schema/audit"),
    import("~/modules/customers/mutations.server"),
    import("~/modules/customers/queries.server"),
    import("~/modules/customers/errors"),
    import("~/lib/errors"),
  ]);
  const db = await dbModule.getDb();
  assertSingletonStoreFound();
  return { db, databaseKind: dbModule.databaseKind(), ...schema, ...audit, ...mutations, ...queries, ...errors, ...roles };
}

type Customers = Awaited<ReturnType<typeof loadCustomers>>;
type Actor = Parameters<Customers["createCustomer"]>[0];

const STAFF: Actor = { userId: null, label: "equipe@balcao.test", role: "staff" };
const OWNER: Actor = { userId: null, label: "dona@balcao.test", role: "owner" };
const CUSTOMER: Actor = { userId: null, label: "cliente@balcao.test", role: "customer" };
const PUBLIC: Actor = { userId: null, label: "consulta pública", role: "public" };

let serial = 100_000_000;
/** A valid CPF no other test uses. */
function uniqueCpf() {
  const firstNine = String(++serial).slice(-9);
  return firstNine + cpfCheckDigits(firstNine);
}

let phoneSerial = 10_000_000;
/** A valid mobile number (11 digits, 9 as the third) no other test uses. */
function uniquePhone(areaCode = "11") {
  return `${areaCode}9${String(++phoneSerial).padStart(8, "0")}`;
}

/** Runs `call` and returns what it threw (failing when it did not throw). */
async function refusal(call: () => Promise<unknown>) {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error("a chamada deveria ter sido recusada");
}

/**
 * createCustomer, updateCustomer and the searches against a real database.
 * Each *.test.ts file runs it for one database.
 */
export function defineCustomersSuite(database: TestDatabase) {
  describeOnDatabase(database, "clientes", () => {
    let app: Customers;
    let dropDatabase: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadCustomers();
      expect(app.databaseKind).toBe(database);
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    /** Row counts that a refused call must leave as they were. */
    async function snapshot() {
      const [customerRows] = await app.db.select({ total: count() }).from(app.customers);
      const [auditRows] = await app.db.select({ total: count() }).from(app.auditLog);
      return { customers: customerRows?.total, audit: auditRows?.total };
    }

    async function findCustomer(id: number) {
      const [row] = await app.db.select().from(app.customers).where(eq(app.customers.id, id));
      return row;
    }

    async function auditOf(id: number) {
      return app.db
        .select()
        .from(app.auditLog)
        .where(eq(app.auditLog.entityId, String(id)))
        .orderBy(app.auditLog.id);
    }

    it("creates a customer with normalised data, a consent date and an audit entry without the CPF", async () => {
      const cpf = uniqueCpf();
      const phone = uniquePhone();
      const before = Date.now();
      const created = await app.createCustomer(STAFF, {
        name: "  Ana Beatriz Lima ",
        phone: `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`,
        document: formatDocument(cpf),
        email: "Ana.Lima@Exemplo.com.br",
        cep: "01310-100",
        address: "Av. Paulista, 1000",
        district: "Bela Vista",
        city: "São Paulo",
        state: "SP",
        marketingConsent: "on",
        notes: "",
      });
      expect(created).toEqual({ id: expect.any(Number), name: "Ana Beatriz Lima", phone });

      const row = await findCustomer(created.id);
      expect(row).toMatchObject({
        name: "Ana Beatriz Lima",
        phone,
        document: cpf,
        email: "ana.lima@exemplo.com.br",
        cep: "01310100",
        state: "SP",
        marketingConsent: true,
        referredByCustomerId: null,
      });
      expect(row?.marketingConsentAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);

      const entries = await auditOf(created.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ action: "customer.create", entity: "customer", actorLabel: STAFF.label });
      expect(entries[0]?.details).toMatchObject({
        marketingConsent: true,
        fields: expect.arrayContaining(["document", "phone"]),
      });
      // A change of CPF shows which one was replaced, masked as the pages show it.
      const otherCpf = uniqueCpf();
      await app.updateCustomer(STAFF, created.id, { name: "Ana Beatriz Lima", phone, document: otherCpf });
      const changed = (await auditOf(created.id)).at(-1);
      expect(changed?.details).toMatchObject({ before: { document: expect.stringMatching(/^\*\*\*\./) } });
      const logged = JSON.stringify(await auditOf(created.id));
      for (const document of [cpf, otherCpf]) {
        expect(logged).not.toContain(document);
        expect(logged).not.toContain(formatDocument(document));
      }
    });

    it("stores an alphanumeric CNPJ and finds it however it is typed", async () => {
      const created = await app.createCustomer(OWNER, {
        name: "Gráfica Exemplo Ltda",
        phone: uniquePhone("21"),
        document: "12.abc.345/01de-35",
      });
      expect((await findCustomer(created.id))?.document).toBe("12ABC34501DE35");
      const found = await app.searchCustomers({ query: "12ABC34501DE35" });
      expect(found.customers.map((customer) => customer.id)).toEqual([created.id]);
      expect(found.customers[0]?.maskedDocument).toBe("12.ABC.345/****-**");
    });

    it("updates a customer, keeps the consent date while consent stays on and clears it when withdrawn", async () => {
      const created = await app.createCustomer(STAFF, { name: "Bruno Dias", phone: uniquePhone(), marketingConsent: "on" });
      const consentedAt = (await findCustomer(created.id))?.marketingConsentAt;
      expect(consentedAt).toBeInstanceOf(Date);

      const renamed = await app.updateCustomer(STAFF, created.id, {
        name: "Bruno Dias Neto",
        phone: created.phone,
        marketingConsent: "on",
        city: "Campinas",
      });
      expect(renamed).toEqual({ id: created.id, name: "Bruno Dias Neto", phone: created.phone });
      let row = await findCustomer(created.id);
      expect(row).toMatchObject({ name: "Bruno Dias Neto", city: "Campinas", marketingConsent: true });
      expect(row?.marketingConsentAt?.getTime()).toBe(consentedAt?.getTime());
      expect(row?.updatedAt.getTime()).toBeGreaterThanOrEqual(row?.createdAt.getTime() ?? 0);

      await app.updateCustomer(STAFF, created.id, { name: "Bruno Dias Neto", phone: created.phone, city: "Campinas" });
      row = await findCustomer(created.id);
      expect(row).toMatchObject({ marketingConsent: false, marketingConsentAt: null });

      await app.updateCustomer(STAFF, created.id, {
        name: "Bruno Dias Neto",
        phone: created.phone,
        city: "Campinas",
        marketingConsent: true,
      });
      row = await findCustomer(created.id);
      expect(row?.marketingConsentAt?.getTime()).toBeGreaterThan(consentedAt?.getTime() ?? 0);

      const entries = await auditOf(created.id);
      expect(entries.map((entry) => entry.action)).toEqual([
        "customer.create",
        "customer.update",
        "customer.update",
        "customer.update",
      ]);
      expect(entries[1]?.details).toEqual({
        before: { name: "Bruno Dias", city: "" },
        after: { name: "Bruno Dias Neto", city: "Campinas" },
      });
      expect(entries[2]?.details).toEqual({ before: { marketingConsent: true }, after: { marketingConsent: false } });
    });

    it("writes nothing when an update changes nothing", async () => {
      const created = await app.createCustomer(STAFF, { name: "Carla Nunes", phone: uniquePhone() });
      const before = await snapshot();
      const row = await findCustomer(created.id);
      await app.updateCustomer(STAFF, created.id, { name: " Carla Nunes ", phone: created.phone });
      expect(await snapshot()).toEqual(before);
      expect((await findCustomer(created.id))?.updatedAt).toEqual(row?.updatedAt);
    });

    it("refuses a CPF another customer has, with the form's message, and writes nothing", async () => {
      const cpf = uniqueCpf();
      const first = await app.createCustomer(STAFF, { name: "Diego Alves", phone: uniquePhone(), document: cpf });
      const before = await snapshot();

      const duplicate = await refusal(() =>
        app.createCustomer(STAFF, { name: "Outra Pessoa", phone: uniquePhone(), document: formatDocument(cpf) }),
      );
      expect(duplicate).toBeInstanceOf(app.CustomerInputError);
      expect(duplicate).toMatchObject({
        code: "duplicate-document",
        fieldErrors: { document: "Já existe um cliente com este CPF/CNPJ." },
      });

      const second = await app.createCustomer(STAFF, { name: "Elisa Ramos", phone: uniquePhone() });
      const afterSecond = await snapshot();
      const taken = await refusal(() =>
        app.updateCustomer(STAFF, second.id, { name: "Elisa Ramos", phone: second.phone, document: cpf }),
      );
      expect(taken).toMatchObject({ code: "duplicate-document" });
      expect(await snapshot()).toEqual(afterSecond);
      expect((await findCustomer(second.id))?.document).toBeNull();
      expect(afterSecond.customers).toBe((before.customers ?? 0) + 1);

      // Keeping one's own CPF is no conflict.
      await app.updateCustomer(STAFF, first.id, { name: "Diego Alves Souza", phone: first.phone, document: cpf });
      expect((await findCustomer(first.id))?.name).toBe("Diego Alves Souza");
    });

    it(raceTitle(database, "turns a simultaneous duplicate into the same typed refusal (the unique index)"), async () => {
      const cpf = uniqueCpf();
      const results = await Promise.allSettled([
        app.createCustomer(STAFF, { name: "Gêmeo Um", phone: uniquePhone(), document: cpf }),
        app.createCustomer(STAFF, { name: "Gêmeo Dois", phone: uniquePhone(), document: cpf }),
      ]);
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
      const rejected = results.find((result) => result.status === "rejected");
      expect(rejected?.reason).toBeInstanceOf(app.CustomerInputError);
      expect(rejected?.reason).toMatchObject({ code: "duplicate-document" });
    });

    it("records who referred a customer, and refuses a referral to oneself, to nobody or in a circle", async () => {
      const referrer = await app.createCustomer(STAFF, { name: "Fábio Rocha", phone: uniquePhone() });
      const referred = await app.createCustomer(STAFF, {
        name: "Gabriela Rocha",
        phone: uniquePhone(),
        referredByCustomerId: String(referrer.id),
      });
      expect((await findCustomer(referred.id))?.referredByCustomerId).toBe(referrer.id);
      expect((await app.getCustomer(referred.id))?.referrer).toEqual(referrer);

      const before = await snapshot();
      const self = await refusal(() =>
        app.updateCustomer(STAFF, referrer.id, { ...referrer, referredByCustomerId: referrer.id }),
      );
      expect(self).toMatchObject({
        code: "invalid-referral",
        fieldErrors: { referredByCustomerId: "Um cliente não pode indicar a si mesmo." },
      });
      const missing = await refusal(() =>
        app.createCustomer(STAFF, { name: "Sem Padrinho", phone: uniquePhone(), referredByCustomerId: 2_000_000_000 }),
      );
      expect(missing).toMatchObject({ code: "invalid-referral" });
      const circle = await refusal(() =>
        app.updateCustomer(STAFF, referrer.id, { ...referrer, referredByCustomerId: referred.id }),
      );
      expect(circle).toMatchObject({ code: "invalid-referral" });
      expect(await snapshot()).toEqual(before);
      expect((await findCustomer(referrer.id))?.referredByCustomerId).toBeNull();
    });

    it("refuses a customer or the public, and writes nothing", async () => {
      const existing = await app.createCustomer(STAFF, { name: "Heitor Lopes", phone: uniquePhone() });
      const before = await snapshot();
      for (const actor of [CUSTOMER, PUBLIC]) {
        const create = await refusal(() => app.createCustomer(actor, { name: "Intruso", phone: uniquePhone() }));
        expect(create).toBeInstanceOf(app.ForbiddenError);
        // Refused before the input is even read: invalid input gets the same answer.
        expect(await refusal(() => app.createCustomer(actor, null))).toBeInstanceOf(app.ForbiddenError);
        const update = await refusal(() => app.updateCustomer(actor, existing.id, { name: "Trocado", phone: existing.phone }));
        expect(update).toBeInstanceOf(app.ForbiddenError);
      }
      expect(await snapshot()).toEqual(before);
      expect((await findCustomer(existing.id))?.name).toBe("Heitor Lopes");
    });

    it("answers an unknown id with CustomerNotFoundError", async () => {
      for (const id of [2_000_000_000, 0, -1, 1.5, Number.NaN]) {
        expect(await refusal(() => app.updateCustomer(STAFF, id, { name: "Ninguém", phone: uniquePhone() }))).toBeInstanceOf(
          app.CustomerNotFoundError,
        );
      }
      expect(await app.getCustomer(2_000_000_000)).toBeNull();
      expect(await app.getCustomerSummary(-5)).toBeNull();
    });

    it("finds a customer by part of the name, the phone (whole or last digits), the CPF and the e-mail", async () => {
      const cpf = uniqueCpf();
      const phone = uniquePhone("31");
      const customer = await app.createCustomer(STAFF, {
        name: "Iracema Conceição Xavier",
        phone,
        document: cpf,
        email: "iracema.xavier@exemplo.com.br",
      });
      const idsFor = async (query: string) => (await app.searchCustomers({ query })).customers.map((found) => found.id);

      for (const query of [
        "iracema",
        "XAVIER",
        "conceição xav",
        // Accents and case ignored (issue 23): typed without them, or with them in capitals.
        "conceicao xav",
        "CONCEIÇÃO",
        "CONCEICAO XAVIER",
        "iracema 25",
        phone,
        `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`,
        `+55 ${phone}`,
        phone.slice(-4),
        phone.slice(2),
        formatDocument(cpf),
        cpf,
        "iracema.xavier@",
        "IRACEMA.XAVIER@EXEMPLO.COM.BR",
      ]) {
        expect(await idsFor(query), query).toContain(customer.id);
      }
      for (const query of ["iracema zz", "xavier@", "%", "_", "Iracema Conceição Xavierr", "@@", "---"]) {
        expect(await idsFor(query), query).not.toContain(customer.id);
      }

      const [listed] = (await app.searchCustomers({ query: cpf })).customers;
      expect(listed).toEqual({
        id: customer.id,
        name: "Iracema Conceição Xavier",
        phone,
        maskedDocument: `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`,
        email: "iracema.xavier@exemplo.com.br",
      });
      expect(JSON.stringify(listed)).not.toContain(cpf);
    });

    it("pages the list newest first, and the picker's lookup returns at most 8 with the document masked", async () => {
      const surname = `Paginado${Date.now().toString(36)}`;
      const ids: number[] = [];
      for (let index = 0; index < 23; index++) {
        ids.push(
          (await app.createCustomer(STAFF, { name: `Cliente ${index} ${surname}`, phone: uniquePhone(), document: uniqueCpf() }))
            .id,
        );
      }
      const first = await app.searchCustomers({ query: surname, page: 1 });
      expect(first.customers.map((customer) => customer.id)).toEqual(ids.slice(-20).reverse());
      expect(first.hasNextPage).toBe(true);
      const second = await app.searchCustomers({ query: surname, page: 2 });
      expect(second.customers.map((customer) => customer.id)).toEqual(ids.slice(0, 3).reverse());
      expect(second.hasNextPage).toBe(false);
      expect((await app.searchCustomers({ query: surname, page: Number.NaN })).page).toBe(1);

      const lookup = await app.lookupCustomers(surname.toLowerCase());
      expect(lookup).toHaveLength(8);
      for (const item of lookup) {
        expect(Object.keys(item).sort()).toEqual(["document", "id", "name", "phone"]);
        expect(item.document).toMatch(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
      }
      expect(await app.lookupCustomers("  ")).toEqual([]);
    });

    it("answers a NUL character with a field message, and any search text with a list", async () => {
      const before = await snapshot();
      const nul = await refusal(() => app.createCustomer(STAFF, { name: "Ana\u0000Bia", phone: uniquePhone(), city: "x\u0000" }));
      expect(nul).toMatchObject({
        code: "invalid-input",
        fieldErrors: { name: "Este campo tem um caractere inválido.", city: "Este campo tem um caractere inválido." },
      });
      expect(await snapshot()).toEqual(before);

      await fc.assert(
        fc.asyncProperty(fc.string({ unit: "binary", maxLength: 120 }), fc.integer(), async (query, page) => {
          const result = await app.searchCustomers({ query, page });
          expect(result.customers.length).toBeLessThanOrEqual(20);
          expect((await app.lookupCustomers(query)).length).toBeLessThanOrEqual(8);
        }),
        { numRuns: 100 },
      );
    });

    it("never throws anything but its typed refusals on arbitrary input, and writes nothing when it refuses", async () => {
      const target = await app.createCustomer(STAFF, { name: "Alvo do Fuzz", phone: uniquePhone(), document: uniqueCpf() });
      const targetRow = await findCustomer(target.id);
      const fields = [
        "name",
        "phone",
        "document",
        "email",
        "cep",
        "address",
        "district",
        "city",
        "state",
        "marketingConsent",
        "notes",
        "referredByCustomerId",
        "id",
        "marketingConsentAt",
      ] as const;
      const value = fc.oneof(
        fc.string({ maxLength: 40 }),
        // Every code point: NUL (which PostgreSQL refuses in text), lone surrogates, control characters.
        fc.string({ unit: "binary", maxLength: 40 }),
        fc.string({ unit: "grapheme", maxLength: 300 }),
        fc.constantFrom("on", "SP", "529.982.247-25", "(11) 98765-4321", "12.ABC.345/01DE-35", String(target.id), "0", "-1"),
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.constant(undefined),
        fc.array(fc.string(), { maxLength: 2 }),
        fc.object({ maxDepth: 1 }),
      );
      const input = fc.oneof(fc.dictionary(fc.constantFrom(...fields), value), fc.anything({ maxDepth: 2 }));
      const isTyped = (error: unknown) => error instanceof app.CustomerInputError || error instanceof app.CustomerNotFoundError;

      await fc.assert(
        fc.asyncProperty(input, fc.boolean(), fc.oneof(fc.constant(target.id), fc.integer()), async (payload, isUpdate, id) => {
          const before = await snapshot();
          try {
            if (isUpdate) await app.updateCustomer(STAFF, id, payload);
            else await app.createCustomer(STAFF, payload);
          } catch (error) {
            if (!isTyped(error)) throw error;
            expect(await snapshot()).toEqual(before);
            if (id === target.id) expect(await findCustomer(target.id)).toEqual(targetRow);
            return;
          }
          // Valid by chance: it was written, with its audit entry. Put the target back for the next run.
          const after = await snapshot();
          expect((after.audit ?? 0) - (before.audit ?? 0)).toBeLessThanOrEqual(1);
          if (isUpdate && id === target.id && targetRow) {
            await app.db.update(app.customers).set(targetRow).where(eq(app.customers.id, target.id));
          }
        }),
        { numRuns: 150 },
      );
    });
  });
}
