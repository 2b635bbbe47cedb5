import type { Page } from "@playwright/test";
import { DEMO_CATALOGUE } from "~/modules/demo/demo-catalogue";
import { BASE_URL } from "./support/e2e-env";
import { expect, test } from "./support/test";

/**
 * The public shop (issue 11, §2): a visitor browses /loja, filters by
 * category, searches, opens a product and reads the WhatsApp message that
 * names it and its price; the page's Product/Offer data; a phone's screen;
 * and the catalogue working from the first tap, before its scripts arrive.
 */
const PHONE = DEMO_CATALOGUE.find((product) => product.slug === "samsung-galaxy-a15-128gb")!;
const OUT_OF_STOCK = DEMO_CATALOGUE.find((product) => product.slug === "samsung-galaxy-a05s-64gb")!;
const CASE = DEMO_CATALOGUE.find((product) => product.slug === "capa-anti-impacto-galaxy-a15")!;
const PART = DEMO_CATALOGUE.find((product) => product.slug === "tela-frontal-iphone-11-compativel")!;
const HIDDEN = DEMO_CATALOGUE.find((product) => !product.isShownInShop)!;

function productCards(page: Page) {
  return page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2 }) });
}

test("um visitante filtra por categoria, busca, abre um produto e o link do WhatsApp leva o produto e o preço", async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, "a jornada longa roda no computador; o celular tem a sua abaixo");
  await page.goto("/loja");
  await expect(page.getByRole("heading", { level: 1, name: "Loja" })).toBeVisible();
  await expect(productCards(page)).toHaveCount(24);
  await expect(page.getByRole("link", { name: HIDDEN.name })).toHaveCount(0);

  await page.getByRole("navigation", { name: "Categorias" }).getByRole("link", { name: "Celulares" }).click();
  await expect(page).toHaveURL("/loja?categoria=Celulares");
  await expect(page.getByRole("link", { name: "Celulares" })).toHaveAttribute("aria-current", "page");
  const phones = DEMO_CATALOGUE.filter((product) => product.category === "Celulares" && product.isShownInShop);
  await expect(productCards(page)).toHaveCount(phones.length);
  await expect(productCards(page).filter({ hasText: OUT_OF_STOCK.name })).toContainText("Sob encomenda");
  await expect(productCards(page).filter({ hasText: PHONE.name })).toContainText("Em estoque");
  await expect(page.getByRole("link", { name: CASE.name })).toHaveCount(0);

  // The search keeps the category, and finds by brand.
  await page.getByRole("searchbox", { name: "Buscar por nome ou marca" }).fill("samsung");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL("/loja?categoria=Celulares&busca=samsung");
  await expect(productCards(page)).toHaveCount(2);
  await page.getByRole("link", { name: "Limpar busca" }).click();
  await expect(page).toHaveURL("/loja?categoria=Celulares");
  await page.getByRole("link", { name: "Todas" }).click();
  await page.getByRole("searchbox", { name: "Buscar por nome ou marca" }).fill("tela iphone");
  await page.getByRole("searchbox", { name: "Buscar por nome ou marca" }).press("Enter");
  await expect(productCards(page)).toHaveCount(1);

  // Accents and case do not matter (issue 23): "pelicula" finds what "Película" does.
  const films = DEMO_CATALOGUE.filter((product) => product.isShownInShop && /película/i.test(`${product.name} ${product.brand}`));
  expect(films.length).toBeGreaterThan(1);
  await page.goto("/loja?busca=pelicula");
  await expect(productCards(page)).toHaveCount(films.length);
  await page.goto("/loja?busca=PEL%C3%8DCULA");
  await expect(productCards(page)).toHaveCount(films.length);
  await page.goto("/loja?busca=tela%20iphone");

  await page.getByRole("link", { name: PART.name }).click();
  await expect(page).toHaveURL(`/loja/${PART.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(PART.name);
  await expect(page.getByText("Peça nova compatível (não original)")).toBeVisible();
  await expect(page.getByText("R$ 329,00")).toBeVisible();
  const whatsapp = page.getByRole("link", { name: "Comprar pelo WhatsApp" });
  const href = new URL((await whatsapp.getAttribute("href")) ?? "");
  expect(href.origin).toBe("https://wa.me");
  // Intl writes "R$" and the amount with a no-break space between them, which keeps them on one line in the chat too.
  expect(href.searchParams.get("text")).toBe(
    `Olá! Tenho interesse no produto ${PART.name}, de R$\u00a0329,00, que vi na loja do site. Ainda está disponível?`,
  );
  await expect(whatsapp).toHaveAttribute("target", "_blank");
  await page.getByRole("navigation", { name: "Você está em" }).getByRole("link", { name: "Telas" }).click();
  await expect(page).toHaveURL("/loja?categoria=Telas");
});

test("a página do produto tem dados Product/Offer e cabeçalho de compartilhamento", async ({ page }) => {
  await page.goto(`/loja/${OUT_OF_STOCK.slug}`);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = blocks
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((data) => data["@type"] === "Product") as
    { name: string; sku: string; brand: { name: string }; image: string[]; offers: Record<string, string> } | undefined;
  expect(product).toMatchObject({
    name: OUT_OF_STOCK.name,
    sku: OUT_OF_STOCK.sku,
    brand: { "@type": "Brand", name: "Samsung" },
    offers: {
      "@type": "Offer",
      price: (OUT_OF_STOCK.priceCents / 100).toFixed(2),
      priceCurrency: "BRL",
      availability: "https://schema.org/BackOrder",
      url: `${BASE_URL}/loja/${OUT_OF_STOCK.slug}`,
    },
  });
  expect(product?.image[0]).toMatch(new RegExp(`^${BASE_URL}/arquivos/[0-9a-f]{32}-640\\.jpg$`));
  expect((await page.request.get(product!.image[0]!)).headers()["content-type"]).toBe("image/jpeg");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", product!.image[0]!);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${BASE_URL}/loja/${OUT_OF_STOCK.slug}`);

  await page.goto(`/loja/${PHONE.slug}`);
  const inStock = (await page.locator('script[type="application/ld+json"]').allTextContents())
    .map((text) => JSON.parse(text) as { "@type": string; offers?: { availability: string } })
    .find((data) => data["@type"] === "Product");
  expect(inStock?.offers?.availability).toBe("https://schema.org/InStock");
  // Never the count: the page says whether, not how many.
  await expect(page.getByRole("main")).not.toContainText(/\b\d+ (unidades|em estoque)/);
});

test("um produto escondido ou inexistente é 404", async ({ request }) => {
  for (const slug of [HIDDEN.slug, "nao-existe"]) expect((await request.get(`/loja/${slug}`)).status(), slug).toBe(404);
  // An unknown category or page is not a page of its own.
  expect((await request.get("/loja?categoria=Nada", { maxRedirects: 0 })).headers().location).toBe("/loja");
  expect((await request.get("/loja?pagina=99", { maxRedirects: 0 })).headers().location).toBe("/loja");
});

test("no celular de 360 px a loja cabe na tela, as categorias rolam de lado e o botão do WhatsApp aparece", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/loja");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const categories = page.getByRole("navigation", { name: "Categorias" }).getByRole("list");
  expect(await categories.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
  // Two cards a row.
  const [first, second] = await productCards(page).evaluateAll((cards) =>
    cards.slice(0, 2).map((card) => card.getBoundingClientRect().top),
  );
  expect(first).toBe(second);

  await page.goto(`/loja/${PHONE.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(PHONE.name);
  const buy = page.getByRole("link", { name: "Comprar pelo WhatsApp" });
  await expect(buy).toBeInViewport();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
});

test("a loja funciona desde o primeiro toque, antes de os scripts chegarem", async ({ page }) => {
  const { promise: released, resolve: release } = Promise.withResolvers<void>();
  await page.route(/\/assets\/[^?]*\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  // The wrapped goto resolves once hydrated: it is awaited only after the scripts are let through.
  const loading = page.goto("/loja");
  await page.getByRole("navigation", { name: "Categorias" }).getByRole("link", { name: "Capas" }).click();
  await expect(page).toHaveURL("/loja?categoria=Capas");
  await page.getByRole("link", { name: CASE.name }).click();
  await expect(page).toHaveURL(`/loja/${CASE.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(CASE.name);
  release();
  await loading.catch(() => undefined);
});
