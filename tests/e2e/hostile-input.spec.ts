import { request, type APIRequestContext } from "@playwright/test";
import { BASE_URL } from "./support/e2e-env";
import { expect, test } from "./support/test";
import { ORIGIN_HEADER, USERS } from "./support/users";

/**
 * Hostile return addresses, as someone trying to break in would type them:
 * no `from` or `voltar` value sends anyone off-site.
 */
type Person = "visitor" | "customer" | "staff" | "owner";

// HTTP only: the phone project would repeat the same requests.
test.skip(({ isMobile }) => isMobile, "pedidos HTTP, sem tamanho de tela");

/** Values of a `from` or `voltar`, raw (encoded when sent): each one would take a careless redirect off-site or break its header. */
const HOSTILE_RETURN_PATHS = [
  "/\t/evil.example",
  "/ /evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\r\nSet-Cookie: x=1",
  "/a\u0000b",
  "//evil.example",
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
    for (const callbackURL of ["/\t/evil.example", "//evil.example", "/\\evil.example", "https://evil.example/"]) {
      const label = `callbackURL=${JSON.stringify(callbackURL)}`;
      const response = await clients.visitor.get(
        `/api/auth/reset-password/inventado?callbackURL=${encodeURIComponent(callbackURL)}`,
      );
      expect(response.status(), label).toBeLessThan(500);
      if (response.status() >= 300 && response.status() < 400) {
        expect(destinationOf(response.headers().location).origin, label).toBe(BASE_URL);
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
