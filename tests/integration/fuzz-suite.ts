import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import * as fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { EVERY_ROUTE, type RouteCase } from "../e2e/support/route-tree";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";
import { changedTables, databaseDigest, databaseWritePosition } from "../support/database-digest";
import { loadWholeApp, type WholeApp } from "./whole-app";

/**
 * Bad input (issue 26, part 3): every route of app/routes.ts (read from the
 * tree, so a new route is fuzzed the day it is added), as a page and as
 * React Router's `.data` URL, with hostile path parameters and random
 * bodies (form-urlencoded, JSON, multipart, plain text, over the size cap,
 * unknown methods), as a visitor, a customer, staff and the owner, through
 * the whole site in this process (whole-app.ts). For every request:
 * - never a 5xx;
 * - a refused request (4xx, or sent to sign in) writes nothing: the
 *   whole database's digest is the same before and after;
 * - a visitor's or a customer's answer never carries another customer's
 *   name, phone or e-mail, nor the staff's or the owner's addresses;
 * - 405, 413 and 415 answers to a page are the site's own HTML page;
 * - a multipart body reaches only the routes that take uploads (others: 415).
 */

/**
 * Tables a refused request may still touch: better-auth refreshes a
 * session's expiry on use, and counts attempts where limits are on.
 */
const TABLES_A_REFUSAL_MAY_TOUCH = new Set(["session", "rate_limit"]);

/** Refusals the audit log records on purpose (issue 25 §3: every refused sign-in): new audit rows of these, nothing else. */
const AUDITED_REFUSALS = new Set(["auth.sign-in.failed"]);

const APP_DIR = path.resolve(import.meta.dirname, "../../app");
const routeText = (file: string) => readFileSync(path.join(APP_DIR, file), "utf8");

/** Routes whose handle says their form takes a file (app/lib/uploads/upload-handle.ts): the only ones a multipart body reaches. */
const UPLOAD_ROUTE_FILES = new Set(
  EVERY_ROUTE.filter((route) => /export const handle = TAKES_FILES;/.test(routeText(route.file))).map((route) => route.file),
);

/** The header the site trusts here as a proxy's (TRUST_PROXY): the client address each request claims. */
const CLIENT_ADDRESS_HEADER = "x-fuzz-client";
let addressCount = 0;
/** A client address nobody used before: a per-address limit never mixes two requests. */
const freshAddress = () => {
  addressCount += 1;
  return `10.${26 + Math.floor(addressCount / 62_500)}.${Math.floor(addressCount / 250) % 250}.${(addressCount % 250) + 1}`;
};

/** A Node stack trace's frame line ("    at fn (file:line)"). */
const STACK_TRACE = /\n\s+at \S.*[(:]\d+/;

type Role = "visitor" | "customer" | "staff" | "owner";
const ROLES: Role[] = ["visitor", "customer", "staff", "owner"];

/** The audiences of route-tree.ts each role is below: its requests there are refused, whatever they carry. */
const BELOW: Record<Role, Set<RouteCase["audience"]>> = {
  visitor: new Set(["signed-in", "staff", "finance", "owner"]),
  customer: new Set(["staff", "finance", "owner"]),
  // The shared staff account has no "Financeiro" grant.
  staff: new Set(["finance", "owner"]),
  owner: new Set(),
};

/** What only someone else may see: another customer's identity, the team's addresses. */
const OTHER_CUSTOMER = { name: "Beatriz Sigilosa Fuzzer", phone: "11977770042", email: "beatriz.sigilosa@fuzz.test" };
const STAFF_EMAIL = "equipe.sigilosa@fuzz.test";
const OWNER_EMAIL = "dona.sigilosa@fuzz.test";
const CUSTOMER_EMAIL = "carla.fuzz@fuzz.test";
const SECRETS_FOR_OUTSIDERS = [
  OTHER_CUSTOMER.name,
  OTHER_CUSTOMER.phone,
  "97777-0042",
  OTHER_CUSTOMER.email,
  STAFF_EMAIL,
  OWNER_EMAIL,
];

/** Strings that broke or fooled parsers somewhere: numbers out of range, SQL, HTML, unicode, NUL, prototypes. */
const HOSTILE_VALUES = [
  "",
  " ",
  "0",
  "-1",
  "1.5",
  "1,5",
  "1e308",
  "-1e308",
  "99999999999999999999999",
  "9007199254740993",
  "NaN",
  "Infinity",
  "0x1F",
  "١٢٣",
  "R$ -0,01",
  "999.999.999,99",
  "2026-02-30",
  "9999-12-31",
  "0000-00-00",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
  '{"__proto__":{"role":"owner"}}',
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "' OR '1'='1",
  "1; DROP TABLE customers; --",
  '\'); DELETE FROM "user"; --',
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "{{ 7*7 }}{% raw %}",
  "${process.env}",
  "../../etc/passwd",
  "ção 🛠️ 中文 \u202e\u200b",
  "\ud800",
  "a\u0000b",
  "\r\n\r\nX-Injected: 1",
  "x".repeat(5000),
];

/** Path segments, percent-encoded as they travel in a request line (the hostile-address journey's, moved here). */
const HOSTILE_PARAMS = [
  "0",
  "-1",
  "1.5",
  "1e3",
  "1e309",
  "99999999999999999999",
  "abc",
  "%00",
  "a%00b",
  "%0D%0A",
  "%09",
  "%27%20OR%201%3D1",
  "%27%22%3C",
  "%3Cscript%3E",
  "..%2F..%2Fetc",
  "..",
  "%2E%2E",
  "%2F",
  "%5C",
  "%C3%A7%C3%A3o",
  "%F0%9F%9B%A0",
  "%E0%A4%A",
  "%FF",
  "%C0%AF",
  "%ED%A0%80",
  "a".repeat(300),
  "x".repeat(4000),
];

/** Values of a `from`, `voltar` or `callbackURL`: each would take a careless redirect off-site or break its header. */
const HOSTILE_RETURN_PATHS = [
  "/\t/evil.example",
  "/\r\nSet-Cookie: x=1",
  "//evil.example",
  "/.//evil.example/entrar",
  "/\\evil.example",
  "/%2F/evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  " /dashboard",
];

/** Query strings no encoder would produce: invalid percent-encoding and raw escapes (with every name a route reads). */
const RAW_QUERY_VALUES = ["%E0%A4%A", "%00", "%0D%0A", "%FF%FE", "%", "%%", "a%2"];

/** Query names every route may read besides its own: the return addresses and better-auth's. */
const COMMON_QUERY_NAMES = ["from", "voltar", "callbackURL", "pagina", "busca", "q", "token", "error", "index"];

function fieldNamesIn(file: string) {
  const text = routeText(file);
  const names = new Set<string>();
  for (const pattern of [/name="([\w.[\]-]+)"/g, /\.get(?:All)?\("([\w.[\]-]+)"\)/g, /intent === "([\w-]+)"/g]) {
    for (const match of text.matchAll(pattern)) names.add(match[1]!);
  }
  return names;
}

const INTENTS_OF = (file: string) =>
  [...routeText(file).matchAll(/(?:intent === |value=)"([a-z][\w-]*)"/g)].map((match) => match[1]!);

type Body = { kind: "none" | "urlencoded" | "json" | "multipart" | "text" | "huge"; fields: [string, string][] };
type FuzzRequest = {
  role: Role;
  method: string;
  asData: boolean;
  params: string[];
  query: string;
  body: Body;
  crossOrigin: boolean;
};

function bodyOf(body: Body): { init: RequestInit; contentType?: string } {
  switch (body.kind) {
    case "none":
      return { init: {} };
    case "urlencoded":
      return { init: { body: new URLSearchParams(body.fields) }, contentType: "application/x-www-form-urlencoded;charset=UTF-8" };
    case "json":
      return { init: { body: JSON.stringify(Object.fromEntries(body.fields)) }, contentType: "application/json" };
    case "text":
      return { init: { body: body.fields.map(([name, value]) => `${name}=${value}`).join("\n") }, contentType: "text/plain" };
    case "huge":
      return {
        init: { body: new URLSearchParams([...body.fields, ["notes", "x".repeat(1024 * 1024 + 10)]]) },
        contentType: "application/x-www-form-urlencoded;charset=UTF-8",
      };
    case "multipart": {
      const form = new FormData();
      for (const [name, value] of body.fields) form.append(name, value);
      form.append("image", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3])], { type: "image/png" }), "x.png");
      return { init: { body: form } };
    }
  }
}

/** A contact form with a picture attached. */
function formWithAFile() {
  const body = new FormData();
  body.append("name", "Ana");
  body.append("image", new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }), "x.png");
  return body;
}

type Answer = { status: number; headers: Headers; text: string };

/**
 * One request on a connection of its own (a refused oversized body closes
 * its connection, which a pooled client would reuse), read whole; a server
 * that answers before the body is sent and closes is an answer, not an error.
 */
async function send(url: string, method: string, headers: Headers, body: RequestInit["body"]): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(await new Response(body).arrayBuffer());
  if (body instanceof FormData || body instanceof URLSearchParams) {
    const type = new Response(body).headers.get("content-type");
    if (type && !headers.has("content-type")) headers.set("content-type", type);
  }
  if (payload) headers.set("content-length", String(payload.length));
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers: Object.fromEntries(headers), agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const one of Array.isArray(value) ? value : [value ?? ""]) answerHeaders.append(name, one);
        }
        resolve({ status: response.statusCode ?? 0, headers: answerHeaders, text: Buffer.concat(chunks).toString("utf8") });
      });
    });
    // The server may stop reading once it has answered (a body over the cap).
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    request.end(payload);
  });
}

/** `/a/b` → `/a/b.data`; the home page's is `/_root.data` (React Router single fetch). */
const dataUrl = (pathname: string) => (pathname === "/" ? "/_root.data" : `${pathname.replace(/\/$/, "")}.data`);

function fillPattern(pattern: string, params: string[]) {
  let index = 0;
  return pattern
    .replace(/:[A-Za-z]+\??/g, () => params[index++ % params.length] ?? "1")
    .replace(/\/\*$/, `/${params.join("/") || "x"}`);
}

/** A refusal: an error status, or a redirect to the sign-in page (as a page, or in a `.data` answer). */
function isRefusal(status: number, location: string | null, text: string, asData: boolean) {
  if (status >= 400) return true;
  if (location && /^(https?:\/\/[^/]+)?\/auth(\?|$)/.test(location)) return true;
  return asData && status === 202 && /"\/auth(\?[^"]*)?"/.test(text);
}

/** The reduced form's seed: `npm test` fuzzes the same requests every time. */
const FIXED_SEED = 20_261_129;

/**
 * The reduced form runs in `npm test`: a fixed seed and a few runs per
 * route (`reducedRuns`). `npm run proof:fuzz` (FUZZ_FULL=1) runs 40 per
 * route (FUZZ_RUNS) with a new seed each time, printed; FUZZ_SEED repeats a run.
 */
export function fuzzOptionsFromEnv(database: TestDatabase, reducedRuns: number): FuzzOptions {
  const isFullRun = process.env.FUZZ_FULL === "1";
  const runsPerRoute = Number(process.env.FUZZ_RUNS ?? (isFullRun ? 40 : reducedRuns));
  const seed = Number(process.env.FUZZ_SEED ?? (isFullRun ? Math.floor(Math.random() * 2 ** 31) : FIXED_SEED));
  // better-auth's endpoints: one run each in npm test (each request may hash a password and count a limit), half the routes' in full.
  const authRunsPerEndpoint = Number(process.env.FUZZ_AUTH_RUNS ?? (isFullRun ? Math.ceil(runsPerRoute / 2) : 1));
  return { database, seed, runsPerRoute, authRunsPerEndpoint, timeoutMs: 30_000 + runsPerRoute * 5_000 };
}

/** better-auth's endpoints as the library lists them: path and methods. */
async function authEndpoints() {
  const { getAuth } = await import("~/modules/accounts/auth.server");
  const api = (await getAuth()).api as unknown as Record<string, { path?: string; options?: { method?: string | string[] } }>;
  return Object.values(api)
    .filter((endpoint) => endpoint.path)
    .map((endpoint) => ({
      path: endpoint.path!,
      methods: [endpoint.options?.method ?? "GET"].flat().flatMap((method) => (method === "*" ? ["GET", "POST"] : [method])),
    }));
}

export type FuzzOptions = {
  database: TestDatabase;
  seed: number;
  runsPerRoute: number;
  authRunsPerEndpoint: number;
  timeoutMs: number;
};

export function defineFuzzSuite(options: FuzzOptions) {
  describeOnDatabase(options.database, `fuzzing de cada rota (semente ${options.seed}, ${options.runsPerRoute} por rota)`, () => {
    let app: WholeApp;
    const cookies: Record<Role, string> = { visitor: "", customer: "", staff: "", owner: "" };
    const knownIds: string[] = ["1", "2"];
    const fieldPool = new Set<string>(["intent", "idempotencyKey", "id", "customerId", "amount", "name", "phone", "email"]);
    const figures = { requests: 0, refusals: 0, digests: 0, routes: 0, authRequests: 0 };
    const startedAt = Date.now();
    let dropDatabase: (() => Promise<void>) | undefined;
    let known = { position: "", digest: {} as Record<string, string> };

    beforeAll(async () => {
      console.log(
        `fuzz: semente ${options.seed} (FUZZ_SEED=${options.seed} para repetir), ${options.runsPerRoute} execuções por rota`,
      );
      dropDatabase = await openTestDatabase(options.database);
      // The limits in force, as in production; each fuzzed request comes from an address of its own
      // (CLIENT_ADDRESS_HEADER, trusted as a proxy's), so only the limit checks below meet a limit.
      process.env.RATE_LIMIT = "on";
      process.env.TRUST_PROXY = CLIENT_ADDRESS_HEADER;
      app = await loadWholeApp();
      const [customer, staff, owner] = [
        await app.signedIn("Carla Fuzz", CUSTOMER_EMAIL, "customer"),
        await app.signedIn("Equipe Sigilosa", STAFF_EMAIL, "staff"),
        await app.signedIn("Dona Sigilosa", OWNER_EMAIL, "owner"),
      ];
      cookies.customer = customer.cookie;
      cookies.staff = staff.cookie;
      cookies.owner = owner.cookie;
      const records = await import("~/modules/demo/test-records.server");
      const own = await records.createTestCustomer(
        app.db,
        { name: "Carla Fuzz", email: CUSTOMER_EMAIL, phone: "11966660001" },
        26_001,
      );
      const other = await records.createTestCustomer(app.db, OTHER_CUSTOMER, 26_002);
      const ownOrder = await records.createTestServiceOrder(app.db, { customerId: own.id, status: "ready", seed: 26_003 });
      const otherOrder = await records.createTestServiceOrder(app.db, { customerId: other.id, status: "ready", seed: 26_004 });
      knownIds.push(...[own.id, other.id, ownOrder.id, otherOrder.id].map(String));
      for (const route of EVERY_ROUTE) for (const name of fieldNamesIn(route.file)) fieldPool.add(name);
    }, 180_000);

    afterAll(async () => {
      const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
      console.log(
        `fuzz: ${figures.routes} rotas, ${figures.requests} requisições (${figures.refusals} recusadas), ${figures.authRequests} ao better-auth, ${figures.digests} comparações do banco, em ${seconds} s; semente ${options.seed}`,
      );
      await app?.close();
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    it("the write-ahead log's position moves on a write (the no-write check compares digests only when it moved)", async () => {
      const records = await import("~/modules/demo/test-records.server");
      const before = await databaseWritePosition(app.db);
      await records.createTestCustomer(app.db, { name: "Cliente Posição" }, 26_009);
      expect(await databaseWritePosition(app.db)).not.toBe(before);
    });

    it("each role's session is in force: the pages of its own area open", async () => {
      for (const [target, role] of [
        ["/minha-conta/perfil", "customer"],
        ["/service-orders", "staff"],
        ["/auditoria", "owner"],
      ] as const) {
        const headers = new Headers({ cookie: cookies[role], [CLIENT_ADDRESS_HEADER]: freshAddress() });
        const answer = await send(`${app.baseUrl}${target}`, "GET", headers, undefined);
        expect(answer.status, `${target} como ${role}`).toBe(200);
      }
    });

    it("a route's handle says it takes files exactly when it reads a multipart form", () => {
      const readsUploads = EVERY_ROUTE.filter((route) =>
        /readUploadForm\(|readImportForm\(|readImportFile\(/.test(routeText(route.file)),
      ).map((route) => route.file);
      expect([...new Set(readsUploads)].sort()).toEqual([...UPLOAD_ROUTE_FILES].sort());
    });

    /** One request as `role`, from the site's own origin. */
    function post(target: string, role: Role, contentType: string | null, body: RequestInit["body"], method = "POST") {
      const headers = new Headers({ origin: app.publicUrl, [CLIENT_ADDRESS_HEADER]: freshAddress() });
      if (cookies[role]) headers.set("cookie", cookies[role]);
      if (contentType) headers.set("content-type", contentType);
      return send(`${app.baseUrl}${target}`, method, headers, body);
    }

    /** A JSON post to better-auth from `address`, with extra headers a client may forge. */
    function authPost(endpoint: string, body: unknown, address: string, extra: Record<string, string> = {}) {
      const headers = new Headers({
        ...extra,
        "content-type": "application/json",
        origin: app.publicUrl,
        [CLIENT_ADDRESS_HEADER]: address,
      });
      return send(`${app.baseUrl}/api/auth${endpoint}`, "POST", headers, JSON.stringify(body));
    }

    /** The defects the fuzzing found, each kept as a request of its own (they failed before their fixes). */
    describe("achados do fuzzing", () => {
      it("a method the site does not answer gets the site's 405 page (a page's address) or the plain message (.data)", async () => {
        const page = await post("/contato", "visitor", "application/x-www-form-urlencoded", "name=Ana", "PUT");
        expect(page.status).toBe(405);
        expect(page.headers.get("allow")).toBe("GET, HEAD, POST");
        expect(page.headers.get("content-type")).toMatch(/^text\/html/);
        expect(page.text).toContain("Pedido não aceito");
        const data = await post("/contato.data", "visitor", "application/x-www-form-urlencoded", "name=Ana", "DELETE");
        expect(data.status).toBe(405);
        expect(data.headers.get("content-type")).toMatch(/^text\/plain/);
      });

      it("a post to a file without a form (robots.txt, an export) gets the site's 405 page, not React Router's JSON", async () => {
        for (const [target, role] of [
          ["/robots.txt", "visitor"],
          ["/inventory/exportar.csv", "staff"],
        ] as const) {
          const answer = await post(target, role, "application/x-www-form-urlencoded", "a=b");
          expect(answer.status, target).toBe(405);
          expect(answer.headers.get("content-type"), target).toMatch(/^text\/html/);
          expect(answer.text, target).toContain("Pedido não aceito");
        }
      });

      it("a multipart body is refused with 415 where the form takes no file, and reaches the forms that do", async () => {
        const before = await databaseDigest(app.db);
        const page = await post("/contato", "visitor", null, formWithAFile());
        expect(page.status).toBe(415);
        expect(page.headers.get("content-type")).toMatch(/^text\/html/);
        expect(page.text).toContain("não recebe arquivos");
        // Refused before React Router, still with the site's headers.
        expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
        expect(page.headers.get("x-content-type-options")).toBe("nosniff");
        const data = await post("/customers/new.data", "staff", null, formWithAFile());
        expect(data.status).toBe(415);
        expect(
          changedTables(before, await databaseDigest(app.db)).filter((table) => !TABLES_A_REFUSAL_MAY_TOUCH.has(table)),
        ).toEqual([]);
        // The owner's settings take a logo: the form is read (and refused for its content, not its encoding).
        const settings = await post("/configuracoes", "owner", null, formWithAFile());
        expect(settings.status).not.toBe(415);
        expect(settings.status).toBeLessThan(500);
      });

      it("a request better-auth refuses (a foreign return address or origin, an unknown provider) is not logged as an error, nor with what it sent", async () => {
        const lines: string[] = [];
        const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
          lines.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
          (rest.find((argument) => typeof argument === "function") as (() => void) | undefined)?.();
          return true;
        });
        try {
          const sent = OTHER_CUSTOMER.email;
          const answers = [
            await post(
              "/api/auth/sign-in/email",
              "visitor",
              "application/json",
              JSON.stringify({ email: sent, password: "x", callbackURL: sent }),
            ),
            await post(
              "/api/auth/sign-up/email",
              "visitor",
              "application/json",
              JSON.stringify({ name: "A", email: sent, password: "x", callbackURL: `https://${sent}` }),
            ),
            await send(
              `${app.baseUrl}/api/auth/sign-out`,
              "POST",
              new Headers({
                origin: `https://${sent}`,
                [CLIENT_ADDRESS_HEADER]: freshAddress(),
                "content-type": "application/json",
              }),
              "{}",
            ),
            await post("/api/auth/sign-in/social", "visitor", "application/json", JSON.stringify({ provider: sent })),
            await post("/api/auth/callback/x?state=y", "visitor", null, undefined, "GET"),
          ];
          for (const answer of answers) expect(answer.status).toBeLessThan(500);
          await (await import("~/lib/logger.server")).flushLogs();
        } finally {
          spy.mockRestore();
        }
        const errors = lines.filter((line) => /"level":(50|60)/.test(line));
        expect(errors, "linhas de erro por um pedido recusado").toEqual([]);
        expect(
          lines.filter((line) => line.includes(OTHER_CUSTOMER.email)),
          "o que o pedido enviou, no log",
        ).toEqual([]);
      });

      it("a body that is not a form, posted to the sign-in, password and loyalty forms, is refused with 400, not a 500", async () => {
        for (const [target, role] of [
          ["/auth", "visitor"],
          ["/auth/esqueci-senha", "visitor"],
          ["/auth/nova-senha?token=x", "visitor"],
          ["/fidelidade/programa", "owner"],
        ] as const) {
          for (const [type, body] of [
            ["application/json", '{"email":"a@b.c"}'],
            ["text/plain", "email=a@b.c"],
          ] as const) {
            const answer = await post(target, role, type, body);
            expect(answer.status, `${target} (${type}): ${answer.text.slice(0, 200)}`).toBe(400);
          }
        }
      });
    });

    const fuzzed = EVERY_ROUTE.filter((route) => route.pattern !== "/api/auth/*");
    fuzzed.forEach((route, index) => {
      it(`${route.pattern} (${route.audience})`, { timeout: options.timeoutMs }, async () => {
        figures.routes += 1;
        const names = [...fieldNamesIn(route.file)];
        const queryNames = [...new Set([...names, ...COMMON_QUERY_NAMES])];
        const intents = INTENTS_OF(route.file);
        const fieldName = fc.oneof(
          { weight: 3, arbitrary: names.length ? fc.constantFrom(...names) : fc.constant("intent") },
          { weight: 1, arbitrary: fc.constantFrom(...fieldPool) },
          { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) },
        );
        const value = fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
          { weight: 2, arbitrary: fc.constantFrom(...knownIds, ...(intents.length ? intents : ["save"])) },
          { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
          { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
          { weight: 1, arbitrary: fc.integer().map(String) },
          { weight: 1, arbitrary: fc.double().map(String) },
        );
        const field = fc.tuple(fieldName, value);
        const withIntent = intents.length
          ? fc
              .tuple(fc.constantFrom(...intents), fc.array(field, { maxLength: 12 }))
              .map(([intent, rest]) => [["intent", intent] as [string, string], ...rest])
          : fc.array(field, { maxLength: 12 });
        const body = fc.record({
          kind: fc.constantFrom<Body["kind"]>(
            "urlencoded",
            "urlencoded",
            "urlencoded",
            "json",
            "multipart",
            "text",
            "none",
            "huge",
          ),
          fields: fc.oneof(withIntent, fc.array(field, { maxLength: 12 })),
        });
        const param = fc.oneof(fc.constantFrom(...knownIds), fc.constantFrom(...HOSTILE_PARAMS));
        const request = fc.record<FuzzRequest>({
          role: fc.constantFrom(...ROLES),
          method: fc.oneof(
            { weight: 6, arbitrary: fc.constant("POST") },
            { weight: 3, arbitrary: fc.constant("GET") },
            { weight: 1, arbitrary: fc.constantFrom("PUT", "DELETE", "PATCH", "OPTIONS") },
          ),
          asData: fc.boolean(),
          params: fc.array(param, { minLength: 1, maxLength: 3 }),
          query: fc.oneof(
            fc.constant(""),
            fc.constant("?index"),
            fc.array(field, { maxLength: 4 }).map((pairs) => `?${new URLSearchParams(pairs)}`),
            // One hostile value in every query parameter the route reads (the hostile-address journey's queries).
            fc
              .constantFrom(...HOSTILE_VALUES, ...HOSTILE_RETURN_PATHS)
              .map((hostile) => `?${new URLSearchParams(queryNames.map((name) => [name, hostile]))}`),
            fc.constantFrom(...RAW_QUERY_VALUES).map((raw) => `?${queryNames.map((name) => `${name}=${raw}`).join("&")}`),
            fc.constant(`?${queryNames.map((name) => `${name}=1&${name}=%00`).join("&")}`),
          ),
          body,
          crossOrigin: fc.boolean().chain((cross) => (cross ? fc.boolean() : fc.constant(false))),
        });

        await fc.assert(
          fc.asyncProperty(request, async (sent) => check(route, sent)),
          { seed: options.seed + index, numRuns: options.runsPerRoute, endOnFailure: true },
        );
      });
    });

    /**
     * better-auth's own endpoints, read from the auth instance (a new one is
     * fuzzed the day the library adds it): hostile JSON and form bodies, wrong
     * types, hostile path parameters and methods, as each role. The same
     * checks as the pages (never a 5xx, a refusal writes nothing) and never a
     * stack trace in the answer.
     */
    describe("os endpoints do better-auth (/api/auth/*)", () => {
      const AUTH_FIELDS = [
        "email",
        "password",
        "newPassword",
        "currentPassword",
        "name",
        "token",
        "callbackURL",
        "redirectTo",
        "errorCallbackURL",
        "newUserCallbackURL",
        "rememberMe",
        "revokeOtherSessions",
        "image",
        "newEmail",
        "provider",
        "idToken",
        "accountId",
        "providerId",
        "userId",
        "disableRefresh",
        "disableCookieCache",
        "role",
        "emailVerified",
      ];
      /** JSON values of every type better-auth's schemas might not expect. */
      const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom<unknown>(...HOSTILE_VALUES) },
        {
          weight: 2,
          arbitrary: fc.constantFrom<unknown>(CUSTOMER_EMAIL, STAFF_EMAIL, OWNER_EMAIL, OTHER_CUSTOMER.email, "/", "/dashboard"),
        },
        { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1e308, [], {}, ["a"], { $ne: null }) },
        { weight: 1, arbitrary: fc.integer() },
        { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
        { weight: 1, arbitrary: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }) },
      );
      const authField = fc.tuple(
        fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...AUTH_FIELDS) },
          { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) },
        ),
        jsonValue,
      );
      /** Raw bodies no JSON encoder would produce from an object. */
      const RAW_BODIES = [
        "{",
        "[]",
        "null",
        '"x"',
        "1",
        '{"email":',
        `${"[".repeat(5000)}${"]".repeat(5000)}`,
        "\u0000",
        '{"__proto__":{"role":"owner"}}',
      ];
      type AuthBody =
        | { kind: "json"; fields: [string, unknown][] }
        | { kind: "raw"; text: string }
        | { kind: "urlencoded" | "multipart" | "text" | "none" | "huge"; fields: [string, unknown][] };
      const authBody: fc.Arbitrary<AuthBody> = fc.oneof(
        {
          weight: 5,
          arbitrary: fc.record({ kind: fc.constant("json" as const), fields: fc.array(authField, { maxLength: 8 }) }),
        },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant("raw" as const), text: fc.constantFrom(...RAW_BODIES) }) },
        {
          weight: 2,
          arbitrary: fc.record({
            kind: fc.constantFrom("urlencoded" as const, "multipart" as const, "text" as const, "none" as const, "huge" as const),
            fields: fc.array(authField, { maxLength: 8 }),
          }),
        },
      );

      function authRequestBody(body: AuthBody): { payload?: RequestInit["body"]; contentType?: string } {
        if (body.kind === "json")
          return { payload: JSON.stringify(Object.fromEntries(body.fields)), contentType: "application/json" };
        if (body.kind === "raw") return { payload: body.text, contentType: "application/json" };
        const asText = body.fields.map(([name, value]): [string, string] => [
          name,
          typeof value === "string" ? value : JSON.stringify(value),
        ]);
        const { init, contentType } = bodyOf({ kind: body.kind, fields: asText });
        return { payload: init.body, contentType };
      }

      it(
        "every endpoint: never a 5xx or a stack trace, a refusal writes nothing",
        { timeout: 60_000 + options.authRunsPerEndpoint * 60_000 },
        async () => {
          const endpoints = await authEndpoints();
          expect(endpoints.map((endpoint) => endpoint.path)).toEqual(
            expect.arrayContaining(["/sign-in/email", "/sign-up/email", "/change-password", "/reset-password", "/list-sessions"]),
          );
          for (const [index, endpoint] of endpoints.entries()) {
            const request = fc.record({
              role: fc.constantFrom(...ROLES),
              method: fc.oneof(
                { weight: 6, arbitrary: fc.constantFrom(...endpoint.methods) },
                { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "DELETE") },
              ),
              params: fc.array(fc.oneof(fc.constantFrom(...HOSTILE_PARAMS), fc.constantFrom(...knownIds)), {
                minLength: 1,
                maxLength: 2,
              }),
              query: fc.oneof(
                fc.constant(""),
                fc
                  .array(authField, { maxLength: 4 })
                  .map((pairs) => `?${new URLSearchParams(pairs.map(([name, value]) => [name, String(value)]))}`),
              ),
              body: authBody,
              crossOrigin: fc.boolean().chain((cross) => (cross ? fc.boolean() : fc.constant(false))),
            });
            await fc.assert(
              fc.asyncProperty(request, async (sent) => {
                figures.authRequests += 1;
                const target = `/api/auth${fillPattern(endpoint.path, sent.params)}${sent.query}`;
                const isWrite = sent.method !== "GET";
                const { payload, contentType } = isWrite ? authRequestBody(sent.body) : {};
                const headers = new Headers({ [CLIENT_ADDRESS_HEADER]: freshAddress() });
                if (cookies[sent.role]) headers.set("cookie", cookies[sent.role]);
                if (contentType) headers.set("content-type", contentType);
                if (isWrite) headers.set("origin", sent.crossOrigin ? "https://atacante.example" : app.publicUrl);
                const position = isWrite ? await databaseWritePosition(app.db) : null;
                if (position && position !== known.position) known = { position, digest: await databaseDigest(app.db) };
                const answer = await send(`${app.baseUrl}${target}`, sent.method, headers, payload);
                const what = `${sent.method} ${target.slice(0, 200)} como ${sent.role} (${sent.body.kind}) → ${answer.status}`;
                expect(answer.status, `${what}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
                expect(answer.text, `${what}: rastro de pilha na resposta`).not.toMatch(STACK_TRACE);
                if (position && answer.status >= 400) await expectNothingWritten(position, what);
                if (sent.role === "visitor") {
                  const leaked = SECRETS_FOR_OUTSIDERS.filter((secret) =>
                    answer.text.toLowerCase().includes(secret.toLowerCase()),
                  );
                  expect(leaked, `${what}: dados de outra pessoa na resposta`).toEqual([]);
                }
              }),
              { seed: options.seed + 1_000 + index, numRuns: options.authRunsPerEndpoint, endOnFailure: true },
            );
          }
        },
      );

      it("the limits still hold after the fuzzing, whatever the request forges", async () => {
        // Per address: 5 sign-ins a minute, each with another spelling, a forged client-address header and a hostile body.
        const address = freshAddress();
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 6; attempt++) {
          const forged = { "x-balcao-client-ip": `203.0.113.${attempt}`, "x-forwarded-for": `198.51.100.${attempt}` };
          const email = attempt % 2 ? `  Nao.Existe.${attempt}@Fuzz.Test ` : `nao.existe.${attempt}@fuzz.test`;
          statuses.push(
            (
              await authPost(
                "/sign-in/email",
                { email, password: HOSTILE_VALUES[attempt] || "x", rememberMe: attempt },
                address,
                forged,
              )
            ).status,
          );
        }
        expect(
          statuses.slice(0, 5).every((status) => status !== 429),
          statuses.join(" "),
        ).toBe(true);
        expect(statuses[5], statuses.join(" ")).toBe(429);

        // Per account: the 6th failed sign-in of one account, from 6 addresses and 6 spellings of its e-mail.
        const accountStatuses: number[] = [];
        const spellings = [
          CUSTOMER_EMAIL,
          CUSTOMER_EMAIL.toUpperCase(),
          ` ${CUSTOMER_EMAIL}`,
          `${CUSTOMER_EMAIL}\t`,
          CUSTOMER_EMAIL.replace("carla", "Carla"),
          CUSTOMER_EMAIL,
        ];
        for (const email of spellings) {
          accountStatuses.push(
            (await authPost("/sign-in/email", { email, password: "Errada#Senha-2026" }, freshAddress())).status,
          );
        }
        expect(
          accountStatuses.slice(0, 5).every((status) => status !== 429),
          accountStatuses.join(" "),
        ).toBe(true);
        expect(accountStatuses[5], accountStatuses.join(" ")).toBe(429);

        // Sign-up (3 a minute) and reset requests (3 in 5 minutes) from one address: the 4th is refused and writes no account.
        for (const [endpoint, body] of [
          [
            "/sign-up/email",
            (n: number) => ({ name: "Limite Fuzz", email: `limite.${n}.${Date.now()}@fuzz.test`, password: "x" }),
          ],
          ["/request-password-reset", (n: number) => ({ email: `ninguem.${n}@fuzz.test`, redirectTo: "/auth/nova-senha" })],
        ] as const) {
          const one = freshAddress();
          const answers: number[] = [];
          for (let n = 0; n < 4; n++)
            answers.push((await authPost(endpoint, body(n), one, { "x-balcao-client-ip": `203.0.113.${n}` })).status);
          expect(
            answers.slice(0, 3).every((status) => status !== 429),
            `${endpoint}: ${answers.join(" ")}`,
          ).toBe(true);
          expect(answers[3], `${endpoint}: ${answers.join(" ")}`).toBe(429);
        }
      });
    });

    /** A refused request wrote nothing since `position` (the digest is compared only when the log moved). */
    async function expectNothingWritten(position: string, what: string) {
      if ((await databaseWritePosition(app.db)) === position) return;
      figures.digests += 1;
      const after = await databaseDigest(app.db);
      let changed = changedTables(known.digest, after).filter((table) => !TABLES_A_REFUSAL_MAY_TOUCH.has(table));
      if (changed.includes("audit_log") && (await onlyAuditedRefusalsAdded(known.digest.audit_log!, after.audit_log!))) {
        changed = changed.filter((table) => table !== "audit_log");
      }
      expect(changed, `${what}: uma requisição recusada gravou`).toEqual([]);
    }

    /** The audit log only grew, by rows that record a refusal on purpose (the digest is `count:md5`). */
    async function onlyAuditedRefusalsAdded(before: string, after: string) {
      const { sql } = await import("drizzle-orm");
      const added = Number(after.split(":")[0]) - Number(before.split(":")[0]);
      if (added <= 0) return false;
      const rows = (await app.db.execute<{ action: string }>(sql`select action from audit_log order by id desc limit ${added}`))
        .rows;
      const olderRows = (
        await app.db.execute<{ h: string }>(
          sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h
              from (select * from audit_log order by id limit (select count(*) - ${added} from audit_log)) t`,
        )
      ).rows[0]!.h;
      return olderRows === before.split(":")[1] && rows.every((row) => AUDITED_REFUSALS.has(row.action));
    }

    async function check(route: RouteCase, sent: FuzzRequest) {
      const pathname = fillPattern(route.pattern, sent.params);
      const target = `${sent.asData ? dataUrl(pathname) : pathname}${sent.query}`;
      const isWrite = sent.method !== "GET" && sent.method !== "HEAD";
      const { init, contentType } = isWrite ? bodyOf(sent.body) : { init: {}, contentType: undefined };
      const headers = new Headers({ [CLIENT_ADDRESS_HEADER]: freshAddress() });
      if (cookies[sent.role]) headers.set("cookie", cookies[sent.role]);
      if (contentType) headers.set("content-type", contentType);
      if (isWrite) headers.set("origin", sent.crossOrigin ? "https://atacante.example" : app.publicUrl);
      // The whole database's digest, taken again only when the write-ahead log moved since the last one.
      const position = isWrite ? await databaseWritePosition(app.db) : null;
      if (position && position !== known.position) known = { position, digest: await databaseDigest(app.db) };
      const response = await send(`${app.baseUrl}${target}`, sent.method, headers, init.body);
      const text = response.text;
      figures.requests += 1;
      const what = `${sent.method} ${target} como ${sent.role} (${sent.body.kind}) → ${response.status}`;

      expect(response.status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
      expect(text, `${what}: rastro de pilha na resposta`).not.toMatch(STACK_TRACE);

      const refused = isRefusal(response.status, response.headers.get("location"), text, sent.asData);
      if (refused) figures.refusals += 1;
      if (position && refused) await expectNothingWritten(position, what);

      if (BELOW[sent.role].has(route.audience)) {
        expect(refused, `${what}: uma página de outro papel respondeu: ${text.slice(0, 200)}`).toBe(true);
      }

      if (sent.role === "visitor" || sent.role === "customer") {
        const leaked = SECRETS_FOR_OUTSIDERS.filter((secret) => text.toLowerCase().includes(secret.toLowerCase()));
        expect(leaked, `${what}: dados de outra pessoa na resposta`).toEqual([]);
      }

      if ([405, 413, 415].includes(response.status) && !sent.asData) {
        expect(response.headers.get("content-type"), `${what}: recusa sem a página do site`).toMatch(/^text\/html/);
        expect(text, `${what}: recusa sem a página do site`).toMatch(/<!doctype html>[\s\S]*Voltar ao início/i);
      }

      const isMultipart = isWrite && sent.body.kind === "multipart";
      if (isMultipart && !UPLOAD_ROUTE_FILES.has(route.file) && !sent.crossOrigin) {
        expect(response.status, `${what}: multipart aceito por uma rota sem envio de arquivos`).toBe(
          ["POST"].includes(sent.method) ? 415 : response.status,
        );
      }
    }
  });
}
