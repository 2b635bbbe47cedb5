import { request, type APIRequestContext, type APIResponse } from "@playwright/test";
import { STAFF_AREAS } from "~/components/layout/staff-areas";
import { isProtectedPath } from "~/lib/protected-paths";
import { expectScriptsAllowedByCsp } from "./support/csp";
import { BASE_URL } from "./support/e2e-env";
import { ROUTES, type Audience, type RouteCase } from "./support/route-tree";
import { expect, test } from "./support/test";
import { ORIGIN_HEADER, USERS } from "./support/users";

/**
 * The route-access matrix: every route of app/routes.ts, opened by a visitor,
 * a customer, staff and the owner. Who may open a route is decided by the
 * layout it sits under, so a new route is checked the day it is added.
 */
type Person = "visitor" | "customer" | "staff" | "owner";
const PEOPLE: Person[] = ["visitor", "customer", "staff", "owner"];

type Expectation = { status: 200 | 403 | 404 } | { status: 302; location: string };

function expectedFor(route: RouteCase, person: Person): Expectation {
  if (route.pattern.endsWith("*")) return { status: 404 };
  if (route.audience === "resource") return { status: 200 };
  if (route.audience === "public") {
    // Someone already signed in has nothing to do on the sign-in page.
    if (route.pattern === "/auth" && person !== "visitor") return { status: 302, location: "/dashboard" };
    return { status: 200 };
  }
  if (person === "visitor") return { status: 302, location: `/auth?from=${encodeURIComponent(route.path)}` };
  if (route.audience === "signed-in") return { status: 200 };
  if (person === "customer") return { status: 403 };
  if (route.audience === "staff") return { status: 200 };
  // Finance and owner-only pages: the shared staff user has no "Financeiro" grant.
  return { status: person === "owner" ? 200 : 403 };
}

/** The management entries a person without that access must never see, from the sidebar's own list. */
function areasBeyond(allowed: Audience[]) {
  const forbidden = new Set(ROUTES.filter((route) => !allowed.includes(route.audience)).map((route) => route.pattern));
  return Object.values(STAFF_AREAS).filter((area) => forbidden.has(area.to));
}

function expectSecurityHeaders(response: APIResponse, label: string) {
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, `${label}: CSP com nonce ou hashes`).toMatch(/script-src [^;]*'(nonce|sha256)-[A-Za-z0-9+/=]+'/);
  expect(csp, `${label}: frame-ancestors`).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  // For browsers that do not read frame-ancestors.
  expect(headers["x-frame-options"], label).toBe("DENY");
  expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
}

const clients = {} as Record<Person, APIRequestContext>;

test.beforeAll(async () => {
  for (const person of PEOPLE) {
    const storageState = person === "visitor" ? undefined : USERS[person].storageState;
    clients[person] = await request.newContext({ baseURL: BASE_URL, storageState, maxRedirects: 0 });
  }
});

test.afterAll(async () => {
  await Promise.all(Object.values(clients).map((client) => client.dispose()));
});

test("a árvore de rotas tem páginas de todos os públicos", () => {
  const audiences = new Set(ROUTES.map((route) => route.audience));
  expect([...audiences].sort()).toEqual(["finance", "owner", "public", "resource", "signed-in", "staff"]);
  expect(
    ROUTES.some((route) => route.pattern.endsWith("*")),
    "há a rota de página não encontrada",
  ).toBe(true);
});

test("isProtectedPath concorda com a árvore de rotas", () => {
  for (const route of ROUTES) {
    const isForEveryone = route.audience === "public" || route.audience === "resource";
    expect(isProtectedPath(route.path), `${route.pattern} (${route.audience})`).toBe(!isForEveryone);
  }
});

for (const route of ROUTES) {
  test(`${route.pattern} (${route.audience})`, async () => {
    for (const person of PEOPLE) {
      const label = `${person} em ${route.path}`;
      const response = await clients[person].get(route.path);
      const body = await response.text();
      const expected = expectedFor(route, person);

      // A sample id ("1") may name nothing: the guard must still let the right people reach the page's own 404.
      const mayBeMissing = expected.status === 200 && route.pattern.includes(":");
      if (mayBeMissing) expect([200, 404], label).toContain(response.status());
      else expect(response.status(), label).toBe(expected.status);
      if (route.audience === "resource") {
        expect(response.headers()["content-type"] ?? "", label).not.toContain("text/html");
        expect(response.headers()["x-content-type-options"], label).toBe("nosniff");
        continue;
      }
      expectSecurityHeaders(response, label);
      expect(body, `${label}: sem rastro de pilha`).not.toMatch(/\n\s+at /);
      if (person !== "visitor" || route.audience !== "public") {
        expect(response.headers()["cache-control"] ?? "", `${label}: não guardar em cache`).toContain("no-store");
      }

      if (expected.status === 302) {
        const location = new URL(response.headers().location ?? "", BASE_URL);
        expect(location.origin + location.pathname + location.search, label).toBe(BASE_URL + expected.location);
      }
      const isPage = route.file.endsWith(".tsx");
      if (expected.status === 200 && isPage) {
        expectScriptsAllowedByCsp(response.headers()["content-security-policy"] ?? "", body, label);
      }
      if (expected.status === 403 && !isPage) {
        // Staff are refused by the layout they cannot pass: finance's or the owner's (the owner's export of a customer's data).
        const staffRefusal =
          route.audience === "finance" ? "finance-only" : route.audience === "owner" ? "owner-only" : "staff-only";
        const reason = person === "staff" ? staffRefusal : "staff-only";
        expect(body, label).toContain(`"reason":"${reason}"`);
      }
      if (expected.status === 403 && isPage) {
        expect(body, label).toContain("Área restrita");
        const hidden = areasBeyond(person === "customer" ? ["public", "signed-in"] : ["public", "signed-in", "staff"]);
        for (const area of hidden) {
          expect(body, `${label}: nada de ${area.title}`).not.toContain(`href="${area.to}"`);
          expect(body, `${label}: nada de ${area.title}`).not.toContain(`>${area.title}<`);
        }
      }
    }
  });
}

test("pedidos malformados recebem 4xx, nunca 500 nem rastro de pilha", async () => {
  const visitor = clients.visitor;
  const attempts: [label: string, send: () => Promise<APIResponse>, expectedStatus?: number][] = [
    [
      "JSON quebrado no login",
      () =>
        visitor.post("/api/auth/sign-in/email", {
          headers: { ...ORIGIN_HEADER, "content-type": "application/json" },
          data: "{lixo",
        }),
    ],
    [
      "tipos errados no cadastro",
      () => visitor.post("/api/auth/sign-up/email", { headers: ORIGIN_HEADER, data: { email: 5, password: [], name: {} } }),
    ],
    [
      "corpo de texto no login",
      () => visitor.post("/api/auth/sign-in/email", { headers: { ...ORIGIN_HEADER, "content-type": "text/plain" }, data: "x" }),
    ],
    [
      "token inventado na nova senha",
      () =>
        visitor.post("/api/auth/reset-password", {
          headers: ORIGIN_HEADER,
          data: { token: "inventado", newPassword: USERS.customer.password },
        }),
    ],
    [
      "JSON no formulário de configuração",
      () =>
        visitor.post("/auth/configurar", { headers: { ...ORIGIN_HEADER, "content-type": "application/json" }, data: "{lixo" }),
    ],
    [
      "multipart quebrado no formulário de configuração",
      () =>
        visitor.post("/auth/configurar", {
          headers: { ...ORIGIN_HEADER, "content-type": "multipart/form-data; boundary=zzz" },
          data: "lixo",
        }),
    ],
    [
      "formulário incompleto na configuração",
      () => visitor.post("/auth/configurar", { headers: ORIGIN_HEADER, form: { token: "x" } }),
    ],
    [
      "POST de outra origem",
      () => visitor.post("/auth/configurar", { headers: { origin: "https://outro.example" }, form: { token: "x" } }),
    ],
    ["POST numa página sem ação", () => visitor.post("/auth", { headers: ORIGIN_HEADER, form: { a: "b" } })],
    ["codificação inválida no endereço", () => visitor.get("/%E0%A4%A")],
    // Only a query parameter: the sign-in page opens as usual, with the safe default destination.
    ["codificação inválida no retorno", () => visitor.get("/auth?from=%E0%A4%A"), 200],
  ];
  for (const [label, send, expectedStatus] of attempts) {
    const response = await send();
    const body = await response.text();
    if (expectedStatus) expect(response.status(), label).toBe(expectedStatus);
    else expect(response.status(), `${label}: ${body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(response.status(), `${label}: ${body.slice(0, 200)}`).toBeLessThan(500);
    expect(body, `${label}: sem rastro de pilha`).not.toMatch(/\n\s+at /);
    expectSecurityHeaders(response, label);
  }
});

test("um arquivo enviado que não existe é 404 para todos, servido antes do React Router", async () => {
  const names = ["0123456789abcdef0123456789abcdef-640.webp", "nada", "..%2Fpackage.json"];
  for (const person of PEOPLE) {
    for (const name of names) {
      const label = `${person} em /arquivos/${name}`;
      const response = await clients[person].get(`/arquivos/${name}`);
      expect(response.status(), label).toBe(404);
      // Plain text from the uploads route itself, not the site's HTML "page not found".
      expect(response.headers()["content-type"], label).toBe("text/plain; charset=utf-8");
      expect(await response.text(), label).toBe("Arquivo não encontrado.");
      expect(response.headers()["x-content-type-options"], label).toBe("nosniff");
      expect(response.headers()["cache-control"], label).toBe("no-store");
    }
  }
});

test("os dados de uma página da equipe (.data) não chegam a um cliente", async () => {
  const response = await clients.customer.get("/inventory.data");
  expect(response.status()).toBe(403);
  const body = await response.text();
  // Only the refusal travels: the guard's reason, and no loader of the page ran.
  expect(body).toContain("staff-only");
  expect(body).not.toContain("routes/_staff/inventory");
  expect(response.headers()["cache-control"]).toContain("no-store");
});
