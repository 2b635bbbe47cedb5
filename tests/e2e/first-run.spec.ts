import { request, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_SHOP_SETTINGS } from "~/modules/shop-settings/demo-settings";
import { accessibilityViolations } from "./support/axe";
import { DATA_DIR } from "./support/e2e-env";
import { startExtraServer, type RunningServer } from "./support/server-process";
import { expect, test } from "./support/test";
import { PASSWORD } from "./support/users";

/**
 * A shop's first run on a server of its own (removing the demo data would
 * empty the pages the other journeys read): the fictional identity keeps the
 * site out of search engines and says so; the owner opens the link the server
 * printed and types the shop's real details with her account, and the footer
 * and the structured data show them (a demo order still prints as the demo
 * shop's, marked); warned by the staff banner, she removes the demo data after
 * a confirmation listing it; the lists and the public pages are then empty
 * but fine.
 */
const SERVER_DATA_DIR = `${DATA_DIR}-first-run`;
const OWNER = { name: "Dona Demo", email: "dona@primeira-vez.test", password: PASSWORD };
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

/** The shop's real details, typed on the first-run page (a valid CNPJ, a city other than the demo's). */
const REAL_SHOP = {
  name: "Conserta Já Celulares",
  legalName: "Conserta Já Reparos Eletrônicos Ltda.",
  cnpj: "11.222.333/0001-81",
  address: "Avenida Brasil, 500 – Jardim América",
  city: "Campinas",
  state: "SP",
  cep: "13070-000",
  whatsapp: "(19) 99876-5432",
  email: "contato@consertaja.com.br",
};

/** The first run: the link the server printed creates the owner and the shop's details together, and signs her in. */
async function setUpShop(page: Page) {
  const link = server?.ownerSetupLink;
  expect(link, "o servidor imprimiu o link de configuração").toBeTruthy();
  await page.goto(link!);
  await page.getByLabel("Nome completo").fill(OWNER.name);
  await page.getByLabel("E-mail", { exact: true }).fill(OWNER.email);
  await page.getByLabel("Senha", { exact: true }).fill(OWNER.password);
  await page.getByLabel("Nome da loja (nome fantasia)").fill(REAL_SHOP.name);
  await page.getByLabel("Razão social").fill(REAL_SHOP.legalName);
  await page.getByLabel("CNPJ ou CPF").fill(REAL_SHOP.cnpj);
  await page.getByLabel("Endereço (rua, número e bairro)").fill(REAL_SHOP.address);
  await page.getByLabel("Cidade").fill(REAL_SHOP.city);
  await page.getByLabel("Estado").selectOption(REAL_SHOP.state);
  await page.getByLabel("CEP").fill(REAL_SHOP.cep);
  await page.getByLabel("WhatsApp da loja").fill(REAL_SHOP.whatsapp);
  await page.getByLabel("E-mail da loja").fill(REAL_SHOP.email);
  await page.getByRole("button", { name: "Criar conta do proprietário" }).click();
  await expect(page).toHaveURL(`${serverUrl()}/dashboard`);
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

test("primeira execução: a proprietária informa os dados reais e o site passa a mostrá-los; um pedido de demonstração segue marcado", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await setUpShop(page);
  const url = serverUrl();

  // A demo order (the shop has no other yet) stays the demo shop's until the demo data is removed:
  // the real CNPJ never vouches for an order that did not happen, and the copy says it is a demonstration.
  await page.goto(`${url}/service-orders/1/print/entrada`);
  const receipt = page.locator("article").first();
  await expect(receipt).toContainText(DEMO_SHOP_SETTINGS.legalName);
  await expect(receipt).not.toContainText(REAL_SHOP.cnpj);
  await expect(page.locator(".demonstracao")).toContainText("DEMONSTRAÇÃO");

  const api = await request.newContext({ baseURL: url });
  try {
    const { html, head, blocks } = await structuredData(api, "/");
    expect(head).not.toContain('content="noindex"');
    expect(html).not.toContain("Site de demonstração");
    const shop = blocks.find((block) => block["@type"] === "ElectronicsStore" || block["@type"] === "LocalBusiness");
    expect(shop).toMatchObject({
      name: REAL_SHOP.name,
      legalName: REAL_SHOP.legalName,
      email: REAL_SHOP.email,
      url: `${url}/`,
      address: { postalCode: REAL_SHOP.cep, addressLocality: REAL_SHOP.city, addressRegion: REAL_SHOP.state },
    });
    // The demo's social links and review link are not the shop's.
    expect(shop?.sameAs ?? []).toEqual([]);
  } finally {
    await api.dispose();
  }
  const visitor = await page.context().browser()!.newPage();
  try {
    await visitor.goto(`${url}/`);
    const footer = visitor.getByRole("contentinfo");
    await expect(footer).toContainText(REAL_SHOP.name);
    await expect(footer).toContainText(REAL_SHOP.address);
    await expect(footer).toContainText(REAL_SHOP.whatsapp);
    await expect(footer).not.toContainText("Site de demonstração");
  } finally {
    await visitor.close();
  }
});

test("a proprietária vê o aviso, apaga os dados de demonstração pela confirmação e tudo fica vazio, sem erro", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const url = serverUrl();
  const signIn = await page.request.post(`${url}/api/auth/sign-in/email`, {
    headers: { origin: url },
    data: { email: OWNER.email, password: OWNER.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);

  await page.goto(`${url}/service-orders`);
  const banner = page.getByRole("complementary", { name: "Loja em demonstração" });
  // The details are the shop's own now: only the demo rows are left to warn about.
  await expect(banner).toContainText("Há dados de demonstração no sistema");
  await expect(banner).not.toContainText("Os dados da loja ainda são os fictícios");
  await banner.getByRole("link", { name: "Apagar dados de demonstração" }).click();

  await expect(page.getByRole("heading", { name: "Dados de demonstração", level: 1 })).toBeVisible();
  const toGo = page.getByRole("region", { name: "O que será apagado" });
  await expect(toGo).toContainText("30 clientes");
  // The demo's 40 orders and the warranty claim one of them opened.
  await expect(toGo).toContainText("41 ordens de serviço");
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
  // Nothing left to warn about: the banner is gone.
  await expect(banner).toHaveCount(0);

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
