import { DEMO_BLOG_POSTS } from "~/modules/blog/demo-posts";
import { DEMO_CATALOGUE } from "~/modules/demo/demo-catalogue";
import { DEMO_FAQ } from "~/modules/faq/demo-faq";
import { DEMO_SHOP_SETTINGS } from "~/modules/shop-settings/demo-settings";
import { BASE_URL } from "./support/e2e-env";
import { emailsTo } from "./support/outbox";
import { accessibilityViolations } from "./support/axe";
import type { Page } from "@playwright/test";
import { expect, failedLoad, test } from "./support/test";

const PAGES = [
  { path: "/historia", heading: "Nossa História" },
  { path: "/contato", heading: "Contato" },
  { path: "/perguntas", heading: "Perguntas frequentes" },
  { path: "/blog", heading: "Blog & Dicas" },
  { path: `/blog/${DEMO_BLOG_POSTS[0]!.slug}`, heading: DEMO_BLOG_POSTS[0]!.title },
  { path: "/realidade-aumentada", heading: "Realidade Aumentada" },
  { path: "/privacidade", heading: "Política de Privacidade" },
  { path: "/loja", heading: "Loja" },
  { path: `/loja/${DEMO_CATALOGUE[0]!.slug}`, heading: DEMO_CATALOGUE[0]!.name },
];

/** The test browser draws WebGL in software: loading three.js and the first frames take a while, more so beside another test. */
const SLOW_3D = "WebGL drawn in software";

const PUBLISHED = DEMO_BLOG_POSTS.filter((post) => post.status === "published");
const SHOP_EMAIL = DEMO_SHOP_SETTINGS.email;

/** One h1 with the page's title, the canonical link and og:title, and no axe violation. */
async function expectWellFormed(page: Page, path: string, heading: string) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${BASE_URL}${path}`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
  expect(await accessibilityViolations(page)).toEqual([]);
}

// /realidade-aumentada is checked by the 3D viewer's test below, once its model has loaded: loading it in
// software WebGL takes 15-20 s, which a second test of the same page would pay again.
for (const { path, heading } of PAGES.filter((entry) => entry.path !== "/realidade-aumentada")) {
  test(`${path}: um h1, link canônico e nenhuma violação de acessibilidade`, async ({ page }) => {
    await page.goto(path);
    await expectWellFormed(page, path, heading);
  });
}

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("as páginas são lidas do HTML do servidor", async ({ page }) => {
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    }
    // Playwright turns scripts off without the HTML parser noticing, so the <noscript> text is checked in the markup.
    const html = await (await page.request.get("/realidade-aumentada")).text();
    expect(html).toMatch(/<noscript>.*O visualizador 3D precisa de JavaScript\./s);
  });

  test("a mensagem de contato é enviada pelo formulário", async ({ page }) => {
    const subject = `Sem JS ${crypto.randomUUID().slice(0, 8)}`;
    await page.goto("/contato");
    await page.getByLabel("Nome", { exact: true }).fill("Rita Sem Script");
    await page.getByLabel("E-mail", { exact: true }).fill("rita@cliente.example");
    await page.getByLabel("Assunto", { exact: true }).fill(subject);
    await page.getByLabel("Mensagem", { exact: true }).fill("Vocês trocam a bateria de notebook?");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(page.getByText("Mensagem enviada!")).toBeVisible();
    await expect.poll(() => emailsTo(SHOP_EMAIL).some((email) => email.text.includes(subject))).toBe(true);
  });
});

test.describe("blog", () => {
  test("um post abre pelo slug e pelo id, com o mesmo endereço canônico", async ({ page }) => {
    const post = PUBLISHED[0]!;
    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
    // The Markdown was turned into HTML on the server, its "##" sections under the title.
    await expect(page.getByRole("heading", { level: 2, name: "Quando vale trocar" })).toBeVisible();
    await expect(page.locator("article strong").first()).toBeVisible();

    // The seed inserts the demo posts in order, so the first one has id 1.
    await page.goto("/blog/1");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${BASE_URL}/blog/${post.slug}`);
  });

  test("um rascunho, um post agendado para o futuro e um post inexistente dão 404", async ({ request }) => {
    for (const status of ["draft", "scheduled"] as const) {
      const hidden = DEMO_BLOG_POSTS.find((post) => post.status === status)!;
      expect((await request.get(`/blog/${hidden.slug}`)).status(), hidden.slug).toBe(404);
    }
    expect((await request.get("/blog/nao-existe")).status()).toBe(404);
    expect((await request.get("/blog/999999")).status()).toBe(404);
  });

  // Other journeys publish posts on this shared server while these run: the checks hold for any number of posts.
  test("a lista é paginada de 6 em 6, com links para as páginas vizinhas", async ({ page }) => {
    await page.goto("/blog");
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).toHaveCount(6);
    const pageCount = await blogPageCount(page);
    expect(pageCount).toBeGreaterThanOrEqual(Math.ceil(PUBLISHED.length / 6));
    // The newest first, with its date in Portuguese; no draft shown.
    const dates = await publicationDates(page);
    expect(dates).toEqual([...dates].sort().reverse());
    await expect(cards.first().locator("time")).toHaveText(/^\d{1,2} de [a-zç]+ de \d{4}$/);
    await expect(page.getByText("Rascunho", { exact: false })).toHaveCount(0);

    await page.getByRole("link", { name: "Posts anteriores" }).click();
    await expect(page).toHaveURL(/\/blog\?pagina=2$/);
    await expect(page.getByText(`Página 2 de ${pageCount}`)).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${BASE_URL}/blog?pagina=2`);
    // Page 2 goes on where page 1 stopped: older posts only.
    expect((await publicationDates(page))[0]! <= dates.at(-1)!).toBe(true);

    await page.getByRole("link", { name: "Posts mais recentes" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(cards).toHaveCount(6);
  });

  test("uma página além da última leva à última", async ({ page }) => {
    await page.goto("/blog?pagina=999");
    const pageCount = await blogPageCount(page);
    await expect(page).toHaveURL(new RegExp(`/blog\\?pagina=${pageCount}$`));
    await expect(page.getByText(`Página ${pageCount} de ${pageCount}`)).toBeVisible();
    const onLastPage = await page.getByRole("main").getByRole("article").count();
    expect(onLastPage).toBeGreaterThanOrEqual(1);
    expect(onLastPage).toBeLessThanOrEqual(6);
    // The oldest demo post is always on the last page.
    const oldest = [...PUBLISHED].sort((a, b) => a.publishedAt!.getTime() - b.publishedAt!.getTime())[0]!;
    await expect(page.getByRole("main").getByRole("article").last().getByRole("heading")).toHaveText(oldest.title);
  });
});

test.describe("perguntas frequentes", () => {
  test("a sanfona abre uma resposta", async ({ page }) => {
    await page.goto("/perguntas");
    const entry = DEMO_FAQ[2]!;
    const answer = page.getByText(entry.answer);
    await expect(answer).toBeHidden();
    await page.getByText(entry.question).click();
    await expect(answer).toBeVisible();
  });

  test("os dados FAQPage são JSON válido com todas as perguntas", async ({ page }) => {
    await page.goto("/perguntas");
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const faq = blocks
      .map((text) => JSON.parse(text) as { "@type": string; mainEntity?: { name: string }[] })
      .find((data) => data["@type"] === "FAQPage");
    expect(faq?.mainEntity?.map((question) => question.name)).toEqual(DEMO_FAQ.map((entry) => entry.question));
  });
});

test.describe("contato", () => {
  test("enviar vazio mostra o erro de cada campo e não envia nada", async ({ page, consoleErrors }) => {
    // The action answers invalid input with 400, which Chrome logs as a failed load of contato.data.
    consoleErrors.allow(failedLoad(400));
    await page.goto("/contato");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(page.getByText("Informe seu nome.")).toBeVisible();
    await expect(page.getByText("Informe seu e-mail.")).toBeVisible();
    await expect(page.getByText("Informe o assunto.")).toBeVisible();
    await expect(page.getByText("Informe sua mensagem.")).toBeVisible();
    await expect(page.getByLabel("Nome", { exact: true })).toHaveAttribute("aria-invalid", "true");

    const name = `Paulo ${crypto.randomUUID().slice(0, 8)}`;
    await page.getByLabel("Nome", { exact: true }).fill(name);
    await page.getByLabel("E-mail", { exact: true }).fill("paulo@");
    await page.getByLabel("Telefone (opcional)").fill("1234");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(page.getByText("Informe um e-mail válido, como nome@exemplo.com.br.")).toBeVisible();
    await expect(page.getByText(/Informe um telefone com DDD/)).toBeVisible();
    await expect(page.getByText("Informe seu nome.")).toHaveCount(0);
    await expect(page.getByLabel("Nome", { exact: true })).toHaveValue(name);
    // Other tests send messages at the same time: none of them carries this name.
    expect(emailsTo(SHOP_EMAIL).some((email) => email.text.includes(name))).toBe(false);
  });

  test("uma mensagem válida é guardada, enviada por e-mail à loja e confirmada", async ({ page }) => {
    const subject = `Orçamento de tela ${crypto.randomUUID().slice(0, 8)}`;
    await page.goto("/contato");
    await expect(page.getByRole("link", { name: /Ver no mapa/ })).toHaveAttribute(
      "href",
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Rua%20Exemplo/,
    );
    await expect(page.getByRole("link", { name: /Ver no mapa/ })).toHaveAttribute("target", "_blank");
    await page.getByLabel("Nome", { exact: true }).fill("Joana Teste");
    await page.getByLabel("E-mail", { exact: true }).fill("joana@cliente.example");
    await page.getByLabel("Telefone (opcional)").fill("(11) 91234-5678");
    await page.getByLabel("Assunto", { exact: true }).fill(subject);
    await page.getByLabel("Mensagem", { exact: true }).fill("Quanto fica a troca da tela de um Moto G84?");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(page.getByText("Mensagem enviada!")).toBeVisible();
    await expect(page).toHaveURL(/\/contato$/);
    // The confirmation is shown once: a reload shows the form again, and sends nothing.
    await page.reload();
    await expect(page.getByRole("button", { name: "Enviar mensagem" })).toBeVisible();

    await expect
      .poll(() => emailsTo(SHOP_EMAIL).find((email) => email.text.includes(subject))?.text ?? "")
      .toContain("Joana Teste");
    const email = emailsTo(SHOP_EMAIL).find((message) => message.text.includes(subject))!;
    expect(email.text).toContain("joana@cliente.example");
    expect(email.text).toContain("(11) 91234-5678");
    expect(email.text).toContain("Moto G84");
  });

  test("um robô que preenche o campo-armadilha vê a confirmação, mas nada é enviado", async ({ request }) => {
    const subject = `Robô ${crypto.randomUUID().slice(0, 8)}`;
    const response = await request.post("/contato", {
      headers: { origin: BASE_URL },
      form: {
        name: "Bot",
        email: "bot@spam.example",
        subject,
        message: "Compre seguidores baratos agora!",
        site: "https://spam.example",
      },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/contato");
    expect(response.headers()["set-cookie"]).toMatch(/^balcao_flash=/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(emailsTo(SHOP_EMAIL).some((email) => email.text.includes(subject))).toBe(false);
  });
});

test("realidade aumentada: o visualizador 3D com o modelo gerado e o botão de RA; um h1, link canônico e nenhuma violação de acessibilidade", async ({
  page,
  request,
}) => {
  test.slow(true, SLOW_3D);
  await page.goto("/realidade-aumentada");
  const viewer = page.locator("model-viewer");
  await expect(viewer).toHaveAttribute("src", "/models/celular.glb");
  await expect(viewer).toHaveAttribute("ar", "");
  await expect(viewer.getByText("Ver no seu espaço")).toBeAttached();
  // The element's code comes from the app's own bundle, loaded by this page only; then it loads the model.
  await expect(viewer).toHaveJSProperty("loaded", true, { timeout: 60_000 });
  // axe is checked once the 3D model has loaded, when the page has stopped changing.
  await expectWellFormed(page, "/realidade-aumentada", "Realidade Aumentada");

  const model = await request.get("/models/celular.glb");
  expect(model.status()).toBe(200);
  expect(model.headers()["content-type"]).toBe("model/gltf-binary");
  expect((await model.body()).subarray(0, 4).toString("latin1")).toBe("glTF");

  // Once the element is defined, React sets its `src` property rather than the attribute.
  await page.getByRole("link", { name: "Tablet 10,9″" }).click();
  await expect(viewer).toHaveJSProperty("src", "/models/tablet.glb");
  await expect(page.getByRole("link", { name: "Tablet 10,9″" })).toHaveAttribute("aria-current", "page");
});

/** "Página N de M" under the list: M. */
async function blogPageCount(page: Page) {
  const text = await page
    .getByRole("navigation", { name: "Páginas do blog" })
    .getByText(/^Página \d+ de \d+$/)
    .textContent();
  return Number(text!.match(/de (\d+)$/)![1]);
}

/** The listed posts' publication times, as ISO strings, in the order shown. */
async function publicationDates(page: Page) {
  return page
    .getByRole("main")
    .getByRole("article")
    .locator("time")
    .evaluateAll((times) => times.map((time) => time.getAttribute("datetime")!));
}
