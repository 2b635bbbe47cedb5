import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { toShopDateTimeInput } from "~/lib/dates";
import { accessibilityViolations } from "./support/axe";
import { freshOwnDataDir, signUpOn } from "./support/own-server";
import { startExtraServer } from "./support/server-process";
import { expect, failedLoad, test } from "./support/test";
import { USERS } from "./support/users";

test.use({ storageState: USERS.staff.storageState });

/** A cover photo as a phone would send it: a 1600 × 900 JPEG. */
async function coverPhoto() {
  return sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

test("a equipe escreve e publica um post com capa, e o visitante o lê em /blog e /blog/<slug>", async ({
  page,
  browser,
  isMobile,
  consoleErrors,
}) => {
  test.skip(isMobile, "jornada longa da equipe: no computador; o celular tem a verificação curta abaixo");
  test.slow();
  // A refused form is answered 400/409, which Chrome logs as a failed load.
  consoleErrors.allow(failedLoad(400));
  consoleErrors.allow(failedLoad(409));
  const tag = crypto.randomUUID().slice(0, 6).toLowerCase();
  const title = `Tela trincada ${tag}: trocar ou não?`;
  const slug = `tela-trincada-${tag}-trocar-ou-nao`;

  await page.goto("/blog-management");
  await expect(page.getByRole("heading", { name: "Posts do blog", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Conteúdo do site" })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "Novo post" }).click();
  await expect(page).toHaveURL("/blog-management/posts/novo");
  await page.getByLabel("Título", { exact: true }).fill(title);
  await page.getByLabel("Resumo").fill("Quando a película segura e quando a tela precisa ser trocada.");
  // The preview is the server's rendering: Markdown becomes HTML, raw HTML stays text.
  await page
    .getByRole("textbox", { name: "Texto (Markdown)" })
    .fill("## Quando trocar\n\nSe o **touch** falha, troque.\n\n<script>alert('x')</script>\n\n[perigo](javascript:alert(1))");
  const preview = page.getByTestId("pre-visualizacao");
  await expect(preview.getByRole("heading", { name: "Quando trocar", level: 2 })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("touch");
  await expect(preview).toContainText("<script>alert('x')</script>");
  await expect(preview.getByRole("link", { name: "perigo" })).toHaveAttribute("href", "#");
  await page.getByLabel("Assuntos (opcional)").fill("tela, dicas");
  await page.getByLabel("Imagem de capa (opcional)").setInputFiles({
    name: "capa.jpg",
    mimeType: "image/jpeg",
    buffer: await coverPhoto(),
  });
  await page.getByLabel("Título para buscadores (opcional)").fill(`Tela trincada ${tag} — vale a pena trocar?`);
  await page.getByLabel("Situação").selectOption("published");

  // A cover needs its description: refused, nothing saved, the rest kept.
  await page.getByRole("button", { name: "Salvar e publicar" }).click();
  await expect(page.getByText("Descreva a imagem de capa para quem não pode vê-la.")).toBeVisible();
  await expect(page.getByLabel("Título", { exact: true })).toHaveValue(title);
  await page.getByLabel("Descrição da imagem").fill("Celular com a tela trincada sobre a bancada");
  // Sent right after typing, before the preview's pause ends (with a cover, the save takes a moment):
  // the late preview request must not swallow the save.
  await page
    .getByRole("textbox", { name: "Texto (Markdown)" })
    .fill(
      "## Quando trocar\n\nSe o **touch** falha, troque.\n\n<script>alert('x')</script>\n\n[perigo](javascript:alert(1))\n\nFim.",
    );
  await page.getByLabel("Imagem de capa (opcional)").setInputFiles({
    name: "capa.jpg",
    mimeType: "image/jpeg",
    buffer: await coverPhoto(),
  });
  await page.getByRole("button", { name: "Salvar e publicar" }).click();
  await expect(page.getByText("Post publicado")).toBeVisible();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByLabel("Endereço (slug)")).toHaveValue(slug);
  await expect(page.getByRole("img", { name: "Capa atual" })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  const editorUrl = page.url();

  // The list shows it as published.
  await page.goto(`/blog-management?q=${tag}`);
  const row = page.getByRole("listitem").filter({ hasText: title });
  await expect(row.getByText("Publicado", { exact: true })).toBeVisible();

  // A visitor (no session: the public page cache serves them, and must have dropped the old /blog).
  const visitorContext = await browser.newContext({ storageState: undefined });
  const visitor = await visitorContext.newPage();
  try {
    await visitor.goto("/blog");
    const card = visitor.getByRole("article").filter({ hasText: title });
    await expect(card).toBeVisible();
    const cardCover = card.locator("img");
    await expect(cardCover).toHaveAttribute("srcset", /\/arquivos\/[0-9a-f]{32}-480\.webp 480w/);
    await expect(cardCover).toHaveAttribute("width", "1600");
    await expect(cardCover).toHaveAttribute("height", "900");
    await expect(visitor.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/blog/rss.xml");

    await card.getByRole("link", { name: title }).click();
    await expect(visitor).toHaveURL(`/blog/${slug}`);
    await expect(visitor.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    const cover = visitor.getByRole("img", { name: "Celular com a tela trincada sobre a bancada" });
    await expect(cover).toBeVisible();
    expect(await cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expect(visitor).toHaveTitle(`Tela trincada ${tag} — vale a pena trocar?`);
    await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/arquivos\/[0-9a-f]{32}-1200\.jpg$/);
    await expect(visitor.getByRole("heading", { name: "Quando trocar", level: 2 })).toBeVisible();
    expect(await visitor.locator("article script").count()).toBe(0);

    const feed = await visitor.request.get("/blog/rss.xml");
    expect(feed.headers()["content-type"]).toContain("application/rss+xml");
    expect(await feed.text()).toContain(`/blog/${slug}</link>`);

    // Renamed: the old address moves for good to the new one.
    await page.goto(editorUrl);
    await page.getByLabel("Endereço (slug)").fill(`tela-trincada-${tag}`);
    await page.getByRole("button", { name: "Salvar e publicar" }).click();
    await expect(page.getByText("Post publicado")).toBeVisible();
    await expect(page.getByText(`/blog/${slug}`)).toBeVisible();
    const moved = await visitor.request.get(`/blog/${slug}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(`/blog/tela-trincada-${tag}`);

    // Unpublished: off the site.
    await page.getByRole("button", { name: "Despublicar (voltar a rascunho)" }).click();
    await expect(page.getByText("Post despublicado")).toBeVisible();
    const gone = await visitor.request.get(`/blog/tela-trincada-${tag}`);
    expect(gone.status()).toBe(404);
  } finally {
    await visitorContext.close();
  }
});

test("no celular, a lista e o editor de posts cabem na tela", async ({ page, isMobile }) => {
  test.skip(!isMobile, "a largura do celular");
  for (const path of ["/blog-management", "/blog-management/posts/novo"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await page.goto("/blog-management/posts/novo");
  await page.getByRole("textbox", { name: "Texto (Markdown)" }).fill("## Olá do celular");
  await expect(page.getByTestId("pre-visualizacao").getByRole("heading", { name: "Olá do celular" })).toBeVisible();
});

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("o botão Pré-visualizar mostra o texto como no site, sem salvar nada", async ({ page, isMobile }) => {
    test.skip(isMobile, "o mesmo formulário: basta no computador");
    await page.goto("/blog-management/posts/novo");
    await page.getByLabel("Título", { exact: true }).fill("Rascunho sem script");
    await page.getByRole("textbox", { name: "Texto (Markdown)" }).fill("## Sem JavaScript\n\n<img src=x onerror=alert(1)>");
    await page.getByRole("button", { name: "Pré-visualizar" }).click();
    const preview = page.getByTestId("pre-visualizacao");
    await expect(preview.getByRole("heading", { name: "Sem JavaScript", level: 2 })).toBeVisible();
    await expect(preview).toContainText("<img src=x onerror=alert(1)>");
    await expect(page.getByLabel("Título", { exact: true })).toHaveValue("Rascunho sem script");
    await expect(page).toHaveURL("/blog-management/posts/novo");
  });
});

const SHIFTED_CLOCK = fileURLToPath(new URL("./support/shifted-clock.mjs", import.meta.url));
const SCHEDULING_STAFF = { email: "agenda@e2e.test", name: "Aline Agenda" };

test("um post agendado pelo editor aparece sozinho na hora marcada: em /blog, no feed e no sitemap", async ({
  browser,
  isMobile,
}) => {
  test.skip(isMobile, "jornada da equipe: no computador");
  // The editor takes minutes: the next whole minute at least 10 s ahead, so up to 70 s of waiting for the timer.
  test.setTimeout(240_000);
  // Its own server: the post is public for a while, and the shared server's /blog is counted by pages.spec.ts.
  const dataDir = await freshOwnDataDir("agendado", test.info().project.name);
  // Its clock is moved less than a minute ahead, to second 25 of a minute now: with the start, the sign-up and the
  // form taking under 25 s, the next whole minute 10 s ahead is at most 35 s away, not up to 70 s as on the real clock.
  const clockOffsetMs = (85_000 - (Date.now() % 60_000)) % 60_000;
  const server = await startExtraServer({
    dataDir,
    keepData: true,
    env: { NODE_OPTIONS: `--import ${SHIFTED_CLOCK}`, BALCAO_TEST_CLOCK_OFFSET_MS: String(clockOffsetMs) },
  });
  const serverNow = () => Date.now() + clockOffsetMs;
  const staffContext = await browser.newContext({
    storageState: await signUpOn(server, dataDir, SCHEDULING_STAFF, "staff"),
    baseURL: server.url,
  });
  const page = await staffContext.newPage();
  const tag = crypto.randomUUID().slice(0, 6).toLowerCase();
  const title = `Bateria viciada ${tag}: mito ou verdade?`;
  const publishAt = toShopDateTimeInput(new Date(Math.ceil((serverNow() + 10_000) / 60_000) * 60_000));

  await page.goto("/blog-management/posts/novo");
  await page.getByLabel("Título", { exact: true }).fill(title);
  await page.getByLabel("Resumo").fill("O que vale para as baterias de lítio de hoje.");
  await page.getByRole("textbox", { name: "Texto (Markdown)" }).fill("Carregue quando quiser: lítio não vicia.");
  await page.getByLabel("Situação").selectOption("scheduled");
  await page.getByLabel("Publicar em (agendado)").fill(publishAt);
  // The server's timer is woken once the save commits: with two copies of the app's modules this answered 500.
  await page.getByRole("button", { name: "Salvar e agendar" }).click();
  await expect(page.getByText("Post agendado")).toBeVisible();
  const slug = await page.getByLabel("Endereço (slug)").inputValue();

  const visitorContext = await browser.newContext({ storageState: undefined, baseURL: server.url });
  const visitor = await visitorContext.newPage();
  try {
    // Not yet: nothing of it is public before its time.
    expect((await visitor.request.get(`/blog/${slug}`)).status()).toBe(404);
    await expect(async () => {
      await visitor.goto("/blog");
      await expect(visitor.getByRole("article").filter({ hasText: title })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 100_000, intervals: [2_000] });
    expect(await (await visitor.request.get("/blog/rss.xml")).text()).toContain(`/blog/${slug}</link>`);
    expect(await (await visitor.request.get("/sitemap.xml")).text()).toContain(`/blog/${slug}</loc>`);
    await visitor.goto(`/blog/${slug}`);
    await expect(visitor.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  } finally {
    await visitorContext.close();
    await staffContext.close();
    await server.stop();
  }
});
