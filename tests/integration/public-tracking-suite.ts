import { and, count, eq } from "drizzle-orm";
import * as fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeOpenDatabase, describeOnDatabase, type TestDatabase } from "../support/database";
import { loadServiceOrdersApp, routeArgs, unwrapRouteResult, type ServiceOrdersApp } from "./public-tracking-app";

type ServiceOrderTrackingRoute = typeof import("~/routes/_site/service-order-tracking");
type LoaderArgs = Parameters<ServiceOrderTrackingRoute["loader"]>[0];
type ActionArgs = Parameters<ServiceOrderTrackingRoute["action"]>[0];

/** A customer whose every personal detail is distinctive, to be searched for in what /consultar returns. */
const SECRET_CUSTOMER = {
  name: "Josefina Quaresma Testemunha",
  phone: "11973201234",
  document: "52998224725",
  email: "josefina.quaresma@cliente.example",
  cep: "01310930",
  address: "Rua do Segredo Guardado, 777",
  district: "Bairro Sigiloso",
  notes: "Cliente prefere contato à tarde (nota interna)",
};
const SECRET_ORDER = {
  imeiOrSerial: "356938035643809",
  notes: "Anotação interna confidencial da bancada",
  conditionNotes: "Arranhão escondido na lateral",
  unlockKind: "pin",
  unlockSecret: "v1:cifra-do-codigo-de-desbloqueio",
  color: "Azul-marinho",
  accessories: "Capinha com foto de família",
  reportedDefect: "Tela piscando quando abre o banco",
};
const STAFF_LABEL = "tecnico@balcao.example";

/**
 * /consultar against a real database: lookups by code and by number + last
 * four digits, the neutral answer to anything wrong, nothing personal in
 * what comes back, the quote decision, the rate limit and bad-input
 * fuzzing. Each *.test.ts file runs it for one database.
 */
export function definePublicTrackingSuite(database: TestDatabase) {
  describeOnDatabase(database, "/consultar", () => {
    let app: ServiceOrdersApp;
    let route: ServiceOrderTrackingRoute;
    let customerId: number;
    let nextIp = 1;
    const ip = () => `203.0.113.${nextIp++}`;

    async function createOrder(
      status: Parameters<ServiceOrdersApp["factory"]["createTestServiceOrder"]>[1]["status"],
      seed: number,
    ) {
      return app.factory.createTestServiceOrder(app.db, { customerId, status, seed, overrides: SECRET_ORDER });
    }

    function loaderAt(query: string, clientIp = ip()) {
      const request = new Request(`http://localhost:3000/consultar${query}`, { headers: { [app.clientIpHeader]: clientIp } });
      return route.loader(routeArgs(request) as unknown as LoaderArgs).then(unwrapRouteResult);
    }

    function actionWith(fields: Record<string, string>, clientIp = ip()) {
      const request = new Request("http://localhost:3000/consultar", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { [app.clientIpHeader]: clientIp, "content-type": "application/x-www-form-urlencoded" },
      });
      return route.action(routeArgs(request) as unknown as ActionArgs).then(unwrapRouteResult);
    }

    async function eventsOf(orderId: number) {
      return app.db
        .select()
        .from(app.tables.serviceOrderStatusEvents)
        .where(eq(app.tables.serviceOrderStatusEvents.orderId, orderId));
    }

    async function auditCount() {
      const [row] = await app.db.select({ total: count() }).from(app.tables.auditLog);
      return row?.total ?? 0;
    }

    beforeAll(async () => {
      // The limiter is on here: every request below comes from an address of its own, except the limit's own test.
      process.env.RATE_LIMIT = "on";
      app = await loadServiceOrdersApp(database);
      expect(app.databaseKind).toBe(database);
      route = await import("~/routes/_site/service-order-tracking");
      const customer = await app.factory.createTestCustomer(app.db, SECRET_CUSTOMER, 7);
      customerId = customer.id;
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await app?.dropDatabase?.();
    });

    it("encontra a OS pelo código e pelo número + 4 últimos dígitos, com os mesmos dados", async () => {
      const order = await createOrder("awaiting_approval", 101);
      const byCode = await app.publicTracking.findOrderForCustomer({ kind: "code", code: order.trackingCode });
      expect(byCode).not.toBeNull();
      expect(byCode).toMatchObject({ orderNumber: order.id, status: "awaiting_approval", canDecideQuote: true });
      expect(byCode!.quote.lines.length).toBeGreaterThan(0);
      expect(byCode!.quote.totalCents).toBe(byCode!.quote.linesTotalCents - byCode!.quote.discountCents);
      expect(byCode!.timeline.map((entry) => entry.status)).toEqual(["received", "diagnosing", "awaiting_approval"]);
      expect(byCode!.timeline.every((entry) => entry.by === "shop")).toBe(true);

      const byNumber = await app.publicTracking.findOrderForCustomer({
        kind: "order-number",
        orderNumber: order.id,
        phoneLast4: "1234",
      });
      expect(byNumber).toEqual(byCode);

      // As a person types it: lower case, with the printed dash and spaces.
      const typed = `${order.trackingCode.slice(0, 4).toLowerCase()}- ${order.trackingCode.slice(4).toLowerCase()}`;
      const parsed = app.publicTracking.parseTrackingLookup({ code: typed });
      expect(parsed.ok && (await app.publicTracking.findOrderForCustomer(parsed.lookup))).toEqual(byCode);
    });

    it("nunca devolve nome, telefone, documento, e-mail, endereço, IMEI, notas, código de desbloqueio nem a equipe", async () => {
      const order = await createOrder("delivered", 102);
      const found = await app.publicTracking.findOrderForCustomer({ kind: "code", code: order.trackingCode });
      expect(found).not.toBeNull();
      const page = await loaderAt(`?codigo=${order.trackingCode}`);
      expect(page.status).toBe(200);
      for (const serialised of [JSON.stringify(found), JSON.stringify(page.body)]) {
        const forbidden = [
          ...SECRET_CUSTOMER.name.split(" "),
          SECRET_CUSTOMER.phone,
          SECRET_CUSTOMER.phone.slice(2, 7),
          SECRET_CUSTOMER.document,
          SECRET_CUSTOMER.email,
          SECRET_CUSTOMER.cep,
          SECRET_CUSTOMER.address,
          SECRET_CUSTOMER.district,
          SECRET_CUSTOMER.notes,
          ...Object.values(SECRET_ORDER),
          SECRET_ORDER.imeiOrSerial.slice(0, 8),
          STAFF_LABEL,
          "customerId",
        ];
        for (const value of forbidden) expect(serialised, `não pode conter ${value}`).not.toContain(value);
      }
      // The public type carries these keys and no others.
      expect(Object.keys(found!).sort()).toEqual(
        [
          "canDecideQuote",
          "deliveredAt",
          "device",
          "orderNumber",
          // A fingerprint of the parts that are not new original, which the approval sends back as consent (CDC art. 21).
          "partsConsentKey",
          "promisedDate",
          "quote",
          "receivedAt",
          "status",
          "timeline",
          "warranty",
        ].sort(),
      );
      expect(Object.keys(found!.device).sort()).toEqual(["brand", "model", "type"]);
      expect(found!.timeline.every((entry) => Object.keys(entry).sort().join() === "at,by,status")).toBe(true);
    });

    it("mostra a garantia de um aparelho consertado e entregue (entrega + dias de garantia), e só dele", async () => {
      const { addDays, shopToday } = await import("~/lib/dates");
      const seen = { repaired: false, returnedUnrepaired: false };
      for (let seed = 300; seed < 340 && !(seen.repaired && seen.returnedUnrepaired); seed++) {
        const order = await app.factory.createTestServiceOrder(app.db, {
          customerId,
          status: "delivered",
          seed,
          overrides: { warrantyDays: 120 },
        });
        const found = (await app.publicTracking.findOrderForCustomer({ kind: "code", code: order.trackingCode }))!;
        if (found.timeline.some((entry) => entry.status === "ready")) {
          seen.repaired = true;
          expect(found.warranty).toEqual({ days: 120, endsOn: addDays(shopToday(new Date(found.deliveredAt!)), 120) });
        } else {
          seen.returnedUnrepaired = true;
          expect(found.warranty).toBeNull();
        }
      }
      expect(seen).toEqual({ repaired: true, returnedUnrepaired: true });
      const open = await createOrder("repairing", 104);
      expect((await app.publicTracking.findOrderForCustomer({ kind: "code", code: open.trackingCode }))!.warranty).toBeNull();
    });

    it("código errado, dígitos errados e número desconhecido recebem a mesma resposta neutra", async () => {
      const order = await createOrder("repairing", 105);
      const wrongCode = order.trackingCode.startsWith("2")
        ? `3${order.trackingCode.slice(1)}`
        : `2${order.trackingCode.slice(1)}`;
      const lookups = [
        { kind: "code" as const, code: wrongCode },
        { kind: "order-number" as const, orderNumber: order.id, phoneLast4: "4321" },
        { kind: "order-number" as const, orderNumber: 2_000_000_000, phoneLast4: "1234" },
        { kind: "order-number" as const, orderNumber: order.id, phoneLast4: "1233" },
      ];
      for (const lookup of lookups) expect(await app.publicTracking.findOrderForCustomer(lookup)).toBeNull();

      const answers = await Promise.all([
        loaderAt(`?codigo=${wrongCode}`),
        loaderAt(`?numero=${order.id}&telefone=4321`),
        loaderAt(`?numero=999999999&telefone=1234`),
        loaderAt(`?numero=99999999999&telefone=1234`),
      ]);
      const shapes = answers.map(({ status, body }) => {
        const { outcome, ...rest } = body as { outcome: unknown; values: unknown };
        return { status, outcome, keys: Object.keys(rest).sort() };
      });
      for (const shape of shapes) expect(shape).toEqual(shapes[0]);
      expect(shapes[0]).toMatchObject({ status: 200, outcome: { kind: "not-found" } });
    });

    it("aprova pela consulta: registrado com hora e como 'Cliente (consulta online)', e só uma vez", async () => {
      const order = await createOrder("awaiting_approval", 106);
      const before = await eventsOf(order.id);
      const auditBefore = await auditCount();
      const startedAt = Date.now();
      const result = await app.publicTracking.decideQuoteFromTracking({ kind: "code", code: order.trackingCode }, "approve");
      expect(result.outcome).toBe("decided");
      if (result.outcome !== "decided") return;
      expect(result.order.status).toBe("approved");
      expect(result.order.canDecideQuote).toBe(false);
      expect(result.order.timeline.at(-1)).toMatchObject({ status: "approved", by: "customer" });

      const after = await eventsOf(order.id);
      expect(after).toHaveLength(before.length + 1);
      const event = after.find((row) => row.toStatus === "approved")!;
      expect(event).toMatchObject({
        fromStatus: "awaiting_approval",
        actorUserId: null,
        actorLabel: "Cliente (consulta online)",
      });
      expect(new Date(event.createdAt).getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
      const [row] = await app.db.select().from(app.tables.serviceOrders).where(eq(app.tables.serviceOrders.id, order.id));
      expect(row!.quoteDecidedAt).not.toBeNull();
      expect(await auditCount()).toBe(auditBefore + 1);
      const [audit] = await app.db
        .select()
        .from(app.tables.auditLog)
        .where(
          and(eq(app.tables.auditLog.entityId, String(order.id)), eq(app.tables.auditLog.action, "service-order.status.change")),
        );
      expect(audit).toMatchObject({ actorUserId: null, actorLabel: "Cliente (consulta online)" });

      // A second click (or a replayed form) finds nothing waiting and writes nothing.
      const again = await app.publicTracking.decideQuoteFromTracking({ kind: "code", code: order.trackingCode }, "decline");
      expect(again.outcome).toBe("not-awaiting");
      expect(await eventsOf(order.id)).toHaveLength(after.length);
    });

    it("recusa pelo número + 4 dígitos; dados errados ou OS fora de aprovação não mudam nada", async () => {
      const waiting = await createOrder("awaiting_approval", 107);
      const wrong = await app.publicTracking.decideQuoteFromTracking(
        { kind: "order-number", orderNumber: waiting.id, phoneLast4: "0000" },
        "decline",
      );
      expect(wrong).toEqual({ outcome: "not-found" });
      const declined = await app.publicTracking.decideQuoteFromTracking(
        { kind: "order-number", orderNumber: waiting.id, phoneLast4: "1234" },
        "decline",
      );
      expect(declined.outcome === "decided" && declined.order.status).toBe("declined");

      const repairing = await createOrder("repairing", 108);
      const events = (await eventsOf(repairing.id)).length;
      const refused = await app.publicTracking.decideQuoteFromTracking({ kind: "code", code: repairing.trackingCode }, "approve");
      expect(refused.outcome).toBe("not-awaiting");
      expect(await eventsOf(repairing.id)).toHaveLength(events);
    });

    it("pela página: confirmação antes de registrar, e a decisão exige o código de novo", async () => {
      const order = await createOrder("awaiting_approval", 109);
      const review = await actionWith({ intent: "review", decision: "approve", codigo: order.trackingCode });
      expect(review).toEqual({ status: 200, body: { decision: { kind: "confirm", decision: "approve" } } });
      const [stillWaiting] = await app.db
        .select()
        .from(app.tables.serviceOrders)
        .where(eq(app.tables.serviceOrders.id, order.id));
      expect(stillWaiting!.status).toBe("awaiting_approval");

      // A bare order number proves nothing.
      const bare = await actionWith({ intent: "decide", decision: "approve", numero: String(order.id) });
      expect(bare.status).toBe(400);
      const decided = await actionWith({ intent: "decide", decision: "approve", codigo: order.trackingCode });
      expect(decided.body).toEqual({ decision: { kind: "decided", decision: "approve" } });
      const page = await loaderAt(`?codigo=${order.trackingCode}`);
      expect(page.body).toMatchObject({ outcome: { kind: "found", order: { status: "approved" } } });
    });

    it("limita as consultas por endereço: a 11ª no minuto recebe a mensagem de limite (429)", async () => {
      const order = await createOrder("received", 110);
      const address = "198.18.0.77";
      for (let attempt = 1; attempt <= 10; attempt++) {
        const answer = await loaderAt(`?codigo=${order.trackingCode}`, address);
        expect(answer.status, `consulta ${attempt}`).toBe(200);
      }
      const limited = await loaderAt(`?codigo=${order.trackingCode}`, address);
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ outcome: { kind: "limited" } });
      expect(JSON.stringify(limited.body)).not.toContain(`"orderNumber":${order.id}`);
      const decision = await actionWith({ intent: "decide", decision: "approve", codigo: order.trackingCode }, address);
      expect(decision.status).toBe(429);
      // Another address is not affected; the empty form is not a lookup.
      expect((await loaderAt(`?codigo=${order.trackingCode}`)).status).toBe(200);
      expect((await loaderAt("", address)).status).toBe(200);
    });

    it("conta um cliente IPv6 pela sua /64: trocar de endereço dentro dela não renova o limite", async () => {
      const order = await createOrder("received", 111);
      for (let attempt = 1; attempt <= 10; attempt++) {
        const answer = await loaderAt(`?codigo=${order.trackingCode}`, `2001:db8:77:1::${attempt.toString(16)}`);
        expect(answer.status, `consulta ${attempt}`).toBe(200);
      }
      expect((await loaderAt(`?codigo=${order.trackingCode}`, "2001:db8:77:1:abcd::99")).status).toBe(429);
      expect((await loaderAt(`?codigo=${order.trackingCode}`, "2001:db8:77:2::1")).status).toBe(200);
    });

    it("entradas malformadas recebem mensagens de formato (400), nunca erro", async () => {
      const cases = [
        "?codigo=abc",
        "?numero=abc&telefone=1234",
        "?numero=12&telefone=12",
        "?telefone=1234",
        `?codigo=${"x".repeat(5000)}`,
      ];
      for (const query of cases) {
        const answer = await loaderAt(query);
        expect(answer.status, query).toBe(400);
        expect(answer.body).toMatchObject({ outcome: { kind: "invalid" } });
      }
    });

    it("fuzz: nenhuma entrada lança erro nem devolve outra OS", async () => {
      const known = await createOrder("awaiting_approval", 111);
      const other = await app.factory.createTestServiceOrder(app.db, {
        customerId: (await app.factory.createTestCustomer(app.db, { phone: "21998765555" }, 8)).id,
        status: "ready",
        seed: 112,
      });
      const codeLike = fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.stringMatching(/^[2-9A-Z\- ]{6,12}$/),
        fc.constant(known.trackingCode.toLowerCase()),
        fc.constant(other.trackingCode),
      );
      const numberLike = fc.oneof(
        fc.string({ maxLength: 15 }),
        fc.integer({ min: -5, max: 3_000_000_000 }).map(String),
        fc.constantFrom(String(known.id), String(other.id), `OS ${known.id}`),
      );
      const last4Like = fc.oneof(fc.string({ maxLength: 8 }), fc.stringMatching(/^\d{4}$/), fc.constantFrom("1234", "5555"));

      await fc.assert(
        fc.asyncProperty(
          fc.record({ code: fc.option(codeLike), orderNumber: fc.option(numberLike), phoneLast4: fc.option(last4Like) }),
          async (input) => {
            const parsed = app.publicTracking.parseTrackingLookup(input);
            if (!parsed.ok) return;
            const found = await app.publicTracking.findOrderForCustomer(parsed.lookup);
            if (!found) return;
            // Whatever came back is the order the input proves, and no other.
            if (parsed.lookup.kind === "code") {
              const expected =
                parsed.lookup.code === known.trackingCode
                  ? known.id
                  : parsed.lookup.code === other.trackingCode
                    ? other.id
                    : null;
              expect(found.orderNumber).toBe(expected);
            } else {
              // Earlier tests in this file leave orders too: the oracle is the found order's own customer phone.
              const [owner] = await app.db
                .select({ phone: app.tables.customers.phone })
                .from(app.tables.serviceOrders)
                .innerJoin(app.tables.customers, eq(app.tables.customers.id, app.tables.serviceOrders.customerId))
                .where(eq(app.tables.serviceOrders.id, found.orderNumber));
              expect(parsed.lookup.orderNumber).toBe(found.orderNumber);
              expect(parsed.lookup.phoneLast4).toBe(owner?.phone.slice(-4));
            }
          },
        ),
        { numRuns: 150 },
      );

      const statusBefore = (
        await app.db.select().from(app.tables.serviceOrders).where(eq(app.tables.serviceOrders.id, other.id))
      )[0]!.status;
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(
            fc.constantFrom("intent", "decision", "codigo", "numero", "telefone", "outro"),
            fc.oneof(
              fc.string({ maxLength: 20 }),
              fc.constantFrom("review", "decide", "approve", "decline", String(other.id), "5555"),
            ),
          ),
          async (fields) => {
            const answer = await actionWith(fields);
            expect([200, 400]).toContain(answer.status);
          },
        ),
        { numRuns: 100 },
      );
      // A ready order has no quote to decide, whatever the form said.
      const statusAfter = (
        await app.db.select().from(app.tables.serviceOrders).where(eq(app.tables.serviceOrders.id, other.id))
      )[0]!.status;
      expect(statusAfter).toBe(statusBefore);
    });
  });
}
