import { request, type APIRequestContext } from "@playwright/test";
import { BASE_URL } from "./support/e2e-env";
import { EVERY_ROUTE, type RouteCase } from "./support/route-tree";
import { expect, test } from "./support/test";
import { ORIGIN_HEADER, USERS } from "./support/users";

/**
 * Hostile addresses, as someone trying to break in would type them, against
 * the production server and its build: a few representative routes with
 * hostile path segments and query values, opened by a visitor, a customer
 * and staff (and the owner on the owner's pages), never answer 5xx; unknown
 * addresses with hostile bytes are 404, whatever serves them (the built
 * files, the uploads, the site); and no `from` or `voltar` value sends anyone
 * off-site, in a real browser too.
 *
 * Every other route's hostile addresses are the in-process fuzzer's
 * (tests/integration/fuzz-suite.ts): the same segments and queries, on every
 * route of the tree, as a page and as `.data`, as each role. This file keeps
 * what needs the built server: its static files, its uploads, its compression
 * and its real sockets.
 */
type Person = "visitor" | "customer" | "staff" | "owner";

/** Path segments, already percent-encoded as they travel in a request line. */
const HOSTILE_SEGMENTS: [label: string, segment: string][] = [
  ["NUL", "%00"],
  ["NUL no meio", "a%00b"],
  ["CR LF", "%0D%0A"],
  ["tabulação", "%09"],
  ["codificação incompleta", "%E0%A4%A"],
  ["byte inválido em UTF-8", "%FF"],
  ["UTF-8 alongado", "%C0%AF"],
  ["metade de par substituto", "%ED%A0%80"],
  ["ponto-ponto", ".."],
  ["ponto-ponto codificado", "%2E%2E"],
  ["barra codificada", "%2F"],
  ["contrabarra codificada", "%5C"],
  ["aspas e sinal de menor", "%27%22%3C"],
  ["acentos", "a%C3%A7%C3%A3o"],
  ["emoji", "%F0%9F%98%80"],
  ["número enorme", "99999999999999999999"],
  ["expoente", "1e309"],
  ["negativo", "-1"],
  ["zero", "0"],
  ["fração", "1.5"],
  ["muito longo", "x".repeat(4000)],
];

/** Values of a `from` or `voltar`, raw (encoded when sent): each one would take a careless redirect off-site or break its header. */
const HOSTILE_RETURN_PATHS = [
  "/\t/evil.example",
  "/ /evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\r\nSet-Cookie: x=1",
  "/a\u0000b",
  "//evil.example",
  "/.//evil.example/entrar",
  "/..//evil.example",
  "/a/..//evil.example",
  "/\\evil.example",
  "\\/evil.example",
  "/%2F/evil.example",
  "/%5Cevil.example",
  "https://evil.example/",
  "javascript:alert(1)",
  "data:text/html,oi",
  " /dashboard",
  "/auth",
];

/** Names every object answers to: a value looked up in a plain table with one of these found Object.prototype's members. */
const OBJECT_MEMBER_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty"];

/** Query values, raw (encoded when sent). */
const HOSTILE_VALUES = [
  ...HOSTILE_RETURN_PATHS,
  ...OBJECT_MEMBER_NAMES,
  "\u0000",
  "x".repeat(500),
  "1e309",
  "99999999999999999999",
  "-1",
  "2026-02-30",
  "ção 😀",
  "\ud800",
  "../../etc/passwd",
];

/**
 * Every query parameter a route reads (grep the app for searchParams.get),
 * and better-auth's: all sent at once, each with the same hostile value.
 */
const QUERY_NAMES = [
  "from",
  "voltar",
  "pagina",
  "categoria",
  "busca",
  "q",
  "status",
  "tecnico",
  "de",
  "ate",
  "papel",
  "cliente",
  "inline",
  "token",
  "error",
  "verificado",
  "senha",
  "modelo",
  "codigo",
  "numero",
  "telefone",
  "callbackURL",
  "tipo",
  "situacao",
  "conta",
  "contraparte",
];

/** A query with hostile bytes no encoder would produce: invalid percent-encoding and a raw NUL's escape. */
const RAW_QUERIES = ["%E0%A4%A", "%00", "%0D%0A", "%FF%FE", "%", "%%", "a%2"].map((value) =>
  QUERY_NAMES.map((name) => `${name}=${value}`).join("&"),
);

function queriesFor() {
  return [
    ...HOSTILE_VALUES.map((value) => {
      const params = new URLSearchParams();
      for (const name of QUERY_NAMES) params.set(name, value);
      return params.toString();
    }),
    ...RAW_QUERIES,
    // The same name twice: a route reading one value must not trip on the other.
    QUERY_NAMES.map((name) => `${name}=1&${name}=%00`).join("&"),
  ];
}

/** Segments that reach a layout's refusal: enough for someone the route turns away before it reads anything. */
const REFUSED_SEGMENTS = HOSTILE_SEGMENTS.filter(([label]) =>
  ["NUL", "CR LF", "codificação incompleta", "byte inválido em UTF-8", "muito longo"].includes(label),
);

/**
 * The addresses to try on one route: each parameter (or the splat) replaced by
 * each hostile segment, then the sample path with each hostile query. Someone
 * the route's layout turns away gets the few that test the refusal itself
 * (its redirect carries the address back): the route's own code never runs for them.
 */
function addressesFor(route: RouteCase, person: Person) {
  const reached = reaches(person, route);
  const segments = reached ? HOSTILE_SEGMENTS : REFUSED_SEGMENTS;
  const sample = route.pattern.replace(/:[A-Za-z]+/g, "1").replace(/\*$/, "get-session");
  const slots = [...(route.pattern.match(/:[A-Za-z]+/g) ?? []), ...(route.pattern.endsWith("*") ? ["*"] : [])];
  const paths = slots.flatMap((slot) =>
    segments.map(([, segment]) => route.pattern.replace(slot, segment).replace(/:[A-Za-z]+/g, "1")),
  );
  // React Router's data requests (client navigations) reach the same loaders by another address.
  const dataPaths = paths.filter((path) => !path.startsWith("/api/")).map((path) => `${path}.data`);
  const queries = reached ? queriesFor() : RAW_QUERIES;
  return [...paths, ...dataPaths, ...queries.map((query) => `${sample}?${query}`)];
}

/**
 * Who tries a route: the first person its layout lets in (the whole list of
 * addresses), and the one just below (the few that test the refusal). Every
 * role on every route is the fuzzer's.
 */
function peopleFor(route: RouteCase): Person[] {
  switch (route.audience) {
    case "public":
    case "resource":
      return ["visitor"];
    case "signed-in":
      return ["visitor", "customer"];
    case "staff":
      return ["customer", "staff"];
    case "finance":
    case "owner":
      // The shared staff user reaches neither owner-only nor finance pages (no "Financeiro" grant).
      return ["staff", "owner"];
  }
}

/** Whether the route's layout lets this person in (tests/e2e/support/route-tree.ts says whose each layout is). */
function reaches(person: Person, route: RouteCase) {
  switch (route.audience) {
    case "public":
    case "resource":
      return true;
    case "signed-in":
      return person !== "visitor";
    case "staff":
      return person === "staff" || person === "owner";
    case "finance":
    case "owner":
      return person === "owner";
  }
}

const clients = {} as Record<Person, APIRequestContext>;

test.beforeAll(async () => {
  for (const person of ["visitor", "customer", "staff", "owner"] as const) {
    const storageState = person === "visitor" ? undefined : USERS[person].storageState;
    clients[person] = await request.newContext({ baseURL: BASE_URL, storageState, maxRedirects: 0 });
  }
});

test.afterAll(async () => {
  await Promise.all(Object.values(clients).map((client) => client.dispose()));
});

/**
 * The routes walked here, one of each kind the production server answers
 * differently: the home page (built assets, compression), a public page
 * with a parameter, a signed-in page and a staff page with parameters, an
 * uploaded file (served before React Router), better-auth's endpoints, the
 * catch-all 404. The rest of the tree is the fuzzer's.
 */
const REPRESENTATIVE_ROUTES = new Set([
  "/",
  "/loja/:slug",
  "/minha-conta/documentos/:id",
  "/customers/:id",
  "/arquivos/:file",
  "/api/auth/*",
  "/*",
]);

test("the representative routes are still in the tree", () => {
  const patterns = new Set(EVERY_ROUTE.map((route) => route.pattern));
  expect([...REPRESENTATIVE_ROUTES].filter((pattern) => !patterns.has(pattern))).toEqual([]);
});

for (const route of EVERY_ROUTE.filter((one) => REPRESENTATIVE_ROUTES.has(one.pattern))) {
  test(`${route.pattern}: endereços hostis nunca dão 5xx`, async () => {
    // A few hundred requests per route, on a machine the whole team shares.
    test.setTimeout(180_000);
    const failures: string[] = [];
    for (const person of peopleFor(route)) {
      for (const address of addressesFor(route, person)) {
        const response = await clients[person].get(address);
        const body = await response.text();
        const label = `${response.status()} ${person} ${address.slice(0, 160)}`;
        if (response.status() >= 500) failures.push(label);
        else if (/\n\s+at /.test(body)) failures.push(`${label}: rastro de pilha`);
      }
    }
    expect(failures).toEqual([]);
  });
}

test("um endereço inexistente com bytes hostis é 404, nunca 500", async () => {
  // ".." is resolved by the client before it is sent: "/blog/../x" asks for "/x".
  for (const [label, segment] of HOSTILE_SEGMENTS.filter(([, raw]) => !/^(\.|%2E){2}$/i.test(raw))) {
    for (const path of [`/${segment}`, `/blog/${segment}`, `/blog/${segment}/x`, `/customers/${segment}/x`]) {
      const response = await clients.visitor.get(path);
      expect([400, 404, 414, 431], `${label}: ${path.slice(0, 80)}`).toContain(response.status());
    }
  }
});

test("um post do blog com NUL no endereço é 'Página não encontrada'", async () => {
  for (const person of ["visitor", "customer", "staff"] as const) {
    const response = await clients[person].get("/blog/%00");
    expect(response.status(), person).toBe(404);
    expect(await response.text(), person).toContain("Página não encontrada");
  }
});

/** Where a browser goes with this Location: the URL parser resolves it against the page's address. */
const destinationOf = (location: string | undefined) => new URL(location ?? "", BASE_URL);

test.describe("endereços de retorno", () => {
  test("quem já entrou e abre /auth com um 'from' hostil fica na loja", async () => {
    for (const person of ["customer", "staff"] as const) {
      for (const from of HOSTILE_RETURN_PATHS) {
        const label = `${person}: from=${JSON.stringify(from)}`;
        const response = await clients[person].get(`/auth?from=${encodeURIComponent(from)}`);
        expect(response.status(), label).toBe(302);
        const destination = destinationOf(response.headers().location);
        expect(destination.origin, label).toBe(BASE_URL);
        expect(destination.pathname, label).toBe("/dashboard");
      }
      // A path of the site is still honoured.
      const kept = await clients[person].get(`/auth?from=${encodeURIComponent("/fidelidade?x=1")}`);
      expect(kept.headers().location, person).toBe("/fidelidade?x=1");
    }
  });

  test("o 'voltar' do cadastro de cliente nunca aponta para fora da loja", async () => {
    for (const back of HOSTILE_RETURN_PATHS) {
      const label = `voltar=${JSON.stringify(back)}`;
      const page = await clients.staff.get(`/customers/new?voltar=${encodeURIComponent(back)}`);
      expect(page.status(), label).toBe(200);
      const backLink = /<a\b[^>]*\bhref="([^"]*)"[^>]*>(?:(?!<\/a>)[\s\S])*Voltar para clientes<\/a>/.exec(await page.text());
      expect(backLink?.[1], label).toBe("/customers");
    }
    for (const back of ["/\t/evil.example", "/\r\n/evil.example", "/%5Cevil.example"]) {
      const label = `salvar com voltar=${JSON.stringify(back)}`;
      const saved = await clients.staff.post(`/customers/new?voltar=${encodeURIComponent(back)}`, {
        headers: ORIGIN_HEADER,
        form: { name: "Hostil Voltar Teste", phone: `11 9${String(Date.now()).slice(-8)}` },
      });
      expect(saved.status(), label).toBe(302);
      const destination = destinationOf(saved.headers().location);
      expect(destination.origin, label).toBe(BASE_URL);
      expect(destination.pathname, label).toBe("/customers");
    }
  });

  test("os links de retorno do better-auth também recusam outro site", async () => {
    for (const callbackURL of HOSTILE_RETURN_PATHS) {
      for (const path of ["/api/auth/reset-password/inventado?callbackURL=", "/api/auth/verify-email?token=x&callbackURL="]) {
        const label = `${path}${JSON.stringify(callbackURL)}`;
        const response = await clients.visitor.get(`${path}${encodeURIComponent(callbackURL)}`);
        expect(response.status(), label).toBeLessThan(500);
        if (response.status() >= 300 && response.status() < 400) {
          expect(destinationOf(response.headers().location).origin, label).toBe(BASE_URL);
          expect(response.headers().location, label).not.toMatch(/^\/\//);
        }
      }
    }
  });

  test("quem entra por /auth com um 'from' hostil chega ao painel", async ({ page }) => {
    await page.goto(`/auth?from=${encodeURIComponent("/\t/evil.example")}`);
    const login = page.getByRole("tabpanel", { name: "Login" });
    await login.getByLabel("E-mail").fill(USERS.customer.email);
    await login.getByLabel("Senha", { exact: true }).fill(USERS.customer.password);
    await login.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
    await expect(page.getByRole("heading", { name: "Minha conta", level: 1 })).toBeVisible();
  });
});

test.describe("valores com nomes de membros de objeto e NUL", () => {
  test("filtros, exportação e formulários da equipe nunca dão 5xx", async () => {
    const failures: string[] = [];
    const check = async (label: string, response: { status(): number }) => {
      if (response.status() >= 500) failures.push(`${response.status()} ${label}`);
    };
    for (const key of [...OBJECT_MEMBER_NAMES, "\u0000"]) {
      const query = new URLSearchParams({ tipo: key, situacao: key, q: key }).toString();
      for (const path of ["/financial-management/lancamentos", "/financial-management/exportar.csv", "/blog-management"]) {
        const response = await clients.owner.get(`${path}?${query}`);
        await check(`${path}?${query}`, response);
        // A CSV cut short after its headers reads as a failed body, not a status.
        await response.body().catch(() => failures.push(`corpo interrompido ${path}?${query}`));
      }
      await check(
        `new-service-order unlockKind=${JSON.stringify(key)}`,
        await clients.staff.post("/new-service-order", { headers: ORIGIN_HEADER, form: { unlockKind: key, deviceType: key } }),
      );
      await check(
        `customers/1 unlink-account userId=${JSON.stringify(key)}`,
        await clients.staff.post("/customers/1", {
          headers: ORIGIN_HEADER,
          form: { intent: "unlink-account", userId: `a${key}b` },
        }),
      );
    }
    expect(failures).toEqual([]);
  });
});
