import path from "node:path";
import { request, type APIRequestContext, type Page } from "@playwright/test";
import { openPglite } from "~/db/open-pglite.server";
import { sendAdminCommand } from "~/lib/admin-socket.server";
import { DEMO_SHOP_SETTINGS } from "~/modules/shop-settings/demo-settings";
import { accessibilityViolations } from "./support/axe";
import { DATA_DIR } from "./support/e2e-env";
import { waitForEmailLink } from "./support/outbox";
import { startExtraServer, type RunningServer } from "./support/server-process";
import { expect, test } from "./support/test";
import { PASSWORD } from "./support/users";

/**
 * The demo shop's life on a server of its own (removing the demo data would
 * empty the pages the other journeys read): the fictional identity keeps the
 * site out of search engines and says so; the owner, warned by the staff
 * banner, removes the demo data after a confirmation listing it; the lists
 * and the public pages are then empty but fine; once the shop's details are
 * set, the normal identity returns (LocalBusiness, indexable, no notice).
 */
const SERVER_DATA_DIR = `${DATA_DIR}-demo-data`;
const OWNER = { name: "Dona Demo", email: "dona@demo-data.test", password: PASSWORD };
const PUBLIC_PAGES = ["/", "/blog", "/perguntas", "/historia", "/consultar"];

test.describe.configure({ mode: "serial" });

let server: RunningServer | undefined;

test.beforeAll(async () => {
  // Booting a server (migrations, demo data) on a machine busy with the journeys takes a while.
  test.setTimeout(180_000);
  server = await startExtraServer({ dataDir: SERVER_DATA_DIR });
});

test.afterAll(async () => {
  await server?.stop();
});

function serverUrl() {
  if (!server) throw new Error("o servidor da demonstração não subiu");
  return server.url;
}

async function structuredData(api: APIRequestContext, pagePath: string) {
  const html = await (await api.get(pagePath)).text();
  const head = html.slice(0, html.indexOf("</head>"));
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
  return { html, head, blocks };
}

/** Signs the owner up (e-mail link from this server's outbox), makes them owner and signs them in in the page's context. */
async function signInOwner(page: Page) {
  const url = serverUrl();
  const api = await request.newContext({ baseURL: url });
  try {
    const signUp = await api.post("/api/auth/sign-up/email", {
      headers: { origin: url },
      data: { ...OWNER, callbackURL: "/auth?verificado=1" },
    });
    expect(signUp.status(), await signUp.text()).toBe(200);
    const link = await waitForEmailLink(OWNER.email, "/api/auth/verify-email", 10_000, path.join(SERVER_DATA_DIR, "outbox"));
    expect((await api.get(link, { maxRedirects: 0 })).status()).toBe(302);
  } finally {
    await api.dispose();
  }
  const reply = await sendAdminCommand(SERVER_DATA_DIR, { command: "set-role", email: OWNER.email, role: "owner" });
  expect(reply, reply.message).toMatchObject({ ok: true });
  const signIn = await page.request.post(`${url}/api/auth/sign-in/email`, {
    headers: { origin: url },
    data: { email: OWNER.email, password: OWNER.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
}

test("antes dos dados reais: rodapé 'Site de demonstração', páginas noindex e sem LocalBusiness", async ({ page }) => {
  const api = await request.newContext({ baseURL: serverUrl() });
  try {
    for (const pagePath of PUBLIC_PAGES) {
      const { head, blocks } = await structuredData(api, pagePath);
      expect(head, pagePath).toContain('<meta name="robots" content="noindex"/>');
      expect(
        blocks.filter((block) => block["@type"] === "ElectronicsStore"),
        pagePath,
      ).toEqual([]);
    }
  } finally {
    await api.dispose();
  }
  await page.goto(`${serverUrl()}/`);
  await expect(page.getByRole("contentinfo")).toContainText("Site de demonstração");
  await expect(page.locator("#avaliacoes")).toBeVisible();
});

test("a proprietária vê o aviso, apaga os dados de demonstração pela confirmação e tudo fica vazio, sem erro", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInOwner(page);
  const url = serverUrl();

  await page.goto(`${url}/service-orders`);
  const banner = page.getByRole("complementary", { name: "Loja em demonstração" });
  await expect(banner).toContainText("Os dados da loja ainda são os fictícios da demonstração");
  await expect(banner.getByRole("link", { name: "Informar os dados da loja" })).toHaveAttribute("href", "/configuracoes");
  await banner.getByRole("link", { name: "Apagar dados de demonstração" }).click();

  await expect(page.getByRole("heading", { name: "Dados de demonstração", level: 1 })).toBeVisible();
  const toGo = page.getByRole("region", { name: "O que será apagado" });
  await expect(toGo).toContainText("30 clientes");
  await expect(toGo).toContainText("40 ordens de serviço");
  await expect(toGo).toContainText("contas de acesso de demonstração");
  // The banner and the confirmation together, as the owner meets them; on a small phone nothing runs off the side.
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel("Entendo que os dados listados acima serão apagados").check();
  await page.getByRole("button", { name: "Apagar dados de demonstração" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Dados de demonstração apagados" })).toContainText("30 clientes");
  await expect(page.getByText("Não há dados de demonstração")).toBeVisible();
  // The details are still the demo's: that part of the banner stays.
  await expect(banner).not.toContainText("Há dados de demonstração");
  await expect(banner).toContainText("Os dados da loja ainda são os fictícios");

  for (const [pagePath, empty] of [
    ["/service-orders", "Nenhuma ordem de serviço"],
    ["/customers", "Nenhum cliente cadastrado ainda"],
    ["/pending-pickups", "Nenhum aparelho aguardando retirada"],
  ] as const) {
    await page.goto(`${url}${pagePath}`);
    await expect(page.getByText(empty, { exact: true }), pagePath).toBeVisible();
  }

  const visitor = await page.context().browser()!.newPage();
  try {
    for (const pagePath of PUBLIC_PAGES) {
      const response = await visitor.goto(`${url}${pagePath}`);
      expect(response?.status(), pagePath).toBe(200);
      await expect(visitor.getByRole("heading", { level: 1 }).first(), pagePath).toBeVisible();
    }
    await visitor.goto(`${url}/`);
    await expect(visitor.locator("#avaliacoes")).toHaveCount(0);
    await visitor.goto(`${url}/blog`);
    await expect(visitor.getByText("Nenhum post ainda")).toBeVisible();
    await visitor.goto(`${url}/perguntas`);
    await expect(visitor.getByText("Nenhuma pergunta publicada ainda")).toBeVisible();
    expect((await visitor.request.get(`${url}/sitemap.xml`)).status()).toBe(200);
  } finally {
    await visitor.close();
  }
});

test("com os dados da loja informados, a identidade normal volta: LocalBusiness, indexável, sem aviso", async () => {
  test.setTimeout(180_000);
  // What the settings page records; set here with the server stopped (PGlite is one process per folder).
  await server?.stop();
  const database = openPglite(path.join(SERVER_DATA_DIR, "pglite"));
  try {
    await database.query("update shop_settings set details_confirmed_at = now()");
  } finally {
    await database.close();
  }
  server = await startExtraServer({ dataDir: SERVER_DATA_DIR, keepData: true });
  const api = await request.newContext({ baseURL: serverUrl() });
  try {
    const { html, head, blocks } = await structuredData(api, "/");
    expect(head).not.toContain('content="noindex"');
    expect(html).not.toContain("Site de demonstração");
    const shop = blocks.find((block) => block["@type"] === "ElectronicsStore" || block["@type"] === "LocalBusiness");
    expect(shop).toMatchObject({
      "@context": "https://schema.org",
      name: DEMO_SHOP_SETTINGS.name,
      legalName: DEMO_SHOP_SETTINGS.legalName,
      taxID: DEMO_SHOP_SETTINGS.cnpj,
      email: DEMO_SHOP_SETTINGS.email,
      url: `${serverUrl()}/`,
      address: {
        "@type": "PostalAddress",
        postalCode: DEMO_SHOP_SETTINGS.cep,
        addressLocality: DEMO_SHOP_SETTINGS.city,
        addressRegion: DEMO_SHOP_SETTINGS.state,
        addressCountry: "BR",
      },
    });
    expect(shop?.openingHoursSpecification).toEqual(expect.arrayContaining([expect.anything()]));
    expect(shop?.sameAs).toEqual(Object.values(DEMO_SHOP_SETTINGS.socialLinks ?? {}));
  } finally {
    await api.dispose();
  }
});
