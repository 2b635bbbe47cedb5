import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_OPTIONS } from "~/db/pglite-options";
import { jpegPhoto } from "../support/images";
import { accessibilityViolations } from "./support/axe";
import { freshOwnDataDir, signUpOn } from "./support/own-server";
import { NARROW_PHONE_SCREEN } from "./support/screens";
import { startExtraServer, type RunningServer } from "./support/server-process";
import { expect, failedLoad, test, waitForHydration } from "./support/test";

/**
 * The shop's own content, on a server of its own (its home page's summary
 * must not move under the other journeys): staff import a review export and
 * the home page's summary changes; a hidden review still counts; the FAQ
 * and the story are written in Markdown and shown sanitised.
 */
const STAFF = { email: "conteudo@e2e.test", name: "Clara Conteúdo" };

test.describe.configure({ mode: "serial" });

let server: RunningServer;
let storageState: string;

/** The shop's own details (so no demo is seeded) and two reviews already there: 5 and 4 stars. */
async function prepareDatabase(dataDir: string) {
  const client = new PGlite(path.join(dataDir, "pglite"), PGLITE_OPTIONS);
  try {
    const day = { open: "09:00", close: "18:00" };
    await client.query(
      `insert into shop_settings (name, legal_name, cnpj, address, cep, city, state, whatsapp, email, weekly_hours, details_confirmed_at)
       values ('Loja E2E', 'Loja E2E Ltda', '11222333000181', 'Rua do Teste, 1', '01001000', 'São Paulo', 'SP', '11987654321',
               'contato@loja-e2e.com.br', $1, now())`,
      [JSON.stringify([null, day, day, day, day, day, day])],
    );
    await client.query(
      `insert into reviews (author_name, rating, text, reviewed_at) values
         ('Rosa Antiga', 5, 'Atendimento excelente', now() - interval '40 days'),
         ('Caio Antigo', 4, 'Bom serviço', now() - interval '50 days')`,
    );
  } finally {
    await client.close();
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = await freshOwnDataDir("conteudo", test.info().project.name);
  await prepareDatabase(dataDir);
  server = await startExtraServer({ dataDir, keepData: true });
  storageState = await signUpOn(server, dataDir, STAFF, "staff");
});

test.afterAll(async () => {
  await server?.stop();
});

const EXPORT = [
  "Autor;Nota;Texto;Data;Foto",
  "Marta Nova;1;Demorou demais;10/10/2025;https://exemplo.test/marta.jpg",
  "Lia Nova;5;Tela trocada em uma hora;2025-10-12;",
  "Sem Nota;;Esqueci a nota;11/10/2025;",
].join("\n");

test("a equipe importa avaliações, o resumo da página inicial muda, e ocultar não tira a nota do resumo", async ({
  browser,
  consoleErrors,
}) => {
  // Two pages and two servers on a shared 2-core machine: the default 30 s is too tight for the whole walk.
  test.slow();
  consoleErrors.allow(failedLoad(400));
  const visitor = await browser.newContext({ baseURL: server.url });
  const home = await visitor.newPage();
  await home.goto("/");
  const testimonials = home.getByRole("region", { name: "O que nossos clientes dizem" });
  await expect(testimonials.getByText("4,5", { exact: true })).toBeVisible();
  await expect(testimonials.getByText("2 avaliações", { exact: true })).toBeVisible();
  await expect(testimonials.getByText("100% de satisfação")).toBeVisible();

  const context = await browser.newContext({ storageState, baseURL: server.url });
  const page = await context.newPage();
  await page.goto("/blog-management/avaliacoes");
  await expect(page.getByRole("heading", { name: "Avaliações", level: 1 })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Conteúdo do site" }).getByRole("link", { name: "Avaliações" }),
  ).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "Importar" }).click();
  await expect(page.getByRole("heading", { name: "Importar avaliações", level: 1 })).toBeVisible();
  await page
    .getByLabel("Arquivo CSV ou JSON")
    .setInputFiles({ name: "avaliacoes.csv", mimeType: "text/csv", buffer: Buffer.from(EXPORT) });
  await page.getByRole("button", { name: "Importar" }).click();
  const result = page.getByRole("region", { name: "Resultado da importação" });
  await expect(result).toContainText("2 avaliações importadas, 0 repetidas ignoradas, 1 recusada.");
  await expect(result).toContainText("Linha 4: Falta a nota (de 1 a 5).");
  await expect(result).toContainText("endereços de fotos: eles foram ignorados");
  expect(await accessibilityViolations(page)).toEqual([]);

  // The same export again adds nothing.
  await page
    .getByLabel("Arquivo CSV ou JSON")
    .setInputFiles({ name: "avaliacoes.csv", mimeType: "text/csv", buffer: Buffer.from(EXPORT) });
  await page.getByRole("button", { name: "Importar" }).click();
  await expect(result).toContainText("0 avaliações importadas, 2 repetidas ignoradas, 1 recusada.");

  // A file that is not an export: a message next to the field, nothing imported.
  await page
    .getByLabel("Arquivo CSV ou JSON")
    .setInputFiles({ name: "clientes.csv", mimeType: "text/csv", buffer: Buffer.from("Nome;Telefone\nAna;119999") });
  await page.getByRole("button", { name: "Importar" }).click();
  await expect(page.getByText("O arquivo precisa ter as colunas do autor, da nota e da data")).toBeVisible();

  // The home page (anonymous, from the page cache) follows at once: (5 + 4 + 1 + 5) / 4.
  await home.reload();
  await expect(testimonials.getByText("3,8", { exact: true })).toBeVisible();
  await expect(testimonials.getByText("4 avaliações", { exact: true })).toBeVisible();
  await expect(testimonials.getByText("75% de satisfação")).toBeVisible();
  await expect(testimonials.getByText("Demorou demais")).toBeVisible();

  // Hiding the one-star review takes its card off, not its rating.
  await page.goto("/blog-management/avaliacoes?q=marta");
  await page.getByRole("button", { name: "Ocultar Marta Nova" }).click();
  await expect(page.getByRole("status").filter({ hasText: "A nota continua contando no resumo." })).toBeVisible();
  await expect(page.getByText("4 avaliações · 75% de satisfação")).toBeVisible();
  await home.reload();
  await expect(testimonials.getByText("4 avaliações", { exact: true })).toBeVisible();
  await expect(testimonials.getByText("3,8", { exact: true })).toBeVisible();
  await expect(testimonials.getByText("Demorou demais")).toHaveCount(0);

  // A reviewer's photo comes only as a file, through the upload pipeline, cut to a small square.
  await page.goto("/blog-management/avaliacoes?q=lia");
  await page.getByRole("link", { name: "Editar Lia Nova" }).click();
  await page.getByLabel("Foto de quem avaliou (opcional)").setInputFiles({
    name: "lia.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from(await jpegPhoto({ width: 300, height: 200 })),
  });
  await page.getByRole("button", { name: "Salvar avaliação" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Avaliação salva." })).toBeVisible();
  await home.reload();
  // The carousel repeats its cards for the loop: the first one is the real card.
  const photo = testimonials.getByRole("article").filter({ hasText: "Lia Nova" }).first().locator("img");
  await expect(photo).toHaveAttribute("src", /^\/arquivos\/[0-9a-f]{32}-80\.webp$/);
  const file = await home.request.get((await photo.getAttribute("src"))!);
  expect(file.headers()["content-type"]).toBe("image/webp");
  await visitor.close();
  await context.close();
});

test("a equipe escreve uma pergunta e a história em Markdown, e o site mostra o texto formatado e sem código", async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState, baseURL: server.url });
  const page = await context.newPage();
  await page.goto("/blog-management/perguntas");
  await waitForHydration(page);
  const form = page.getByRole("region", { name: "Nova pergunta" });
  await form.getByLabel("Pergunta").fill("Vocês trocam bateria?");
  await form.getByRole("textbox", { name: "Resposta (Markdown)" }).fill("Sim, **no mesmo dia**. <script>alert(1)</script>");
  // The live preview, rendered by the server's sanitiser.
  const preview = form.getByRole("region", { name: "Pré-visualização: Resposta (Markdown)" });
  await expect(preview.locator("strong")).toHaveText("no mesmo dia");
  await expect(preview).toContainText("<script>alert(1)</script>");
  await form.getByRole("button", { name: "Adicionar pergunta" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Pergunta adicionada." })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  const visitor = await browser.newContext({ baseURL: server.url });
  const faq = await visitor.newPage();
  await faq.goto("/perguntas");
  await faq.getByText("Vocês trocam bateria?").click();
  await expect(faq.locator("details strong")).toHaveText("no mesmo dia");
  await expect(faq.locator("details script")).toHaveCount(0);
  const structured = await faq.locator('script[type="application/ld+json"]').allTextContents();
  const data = structured
    .map((text) => JSON.parse(text) as { "@type"?: string; mainEntity: { acceptedAnswer: { text: string } }[] })
    .find((item) => item["@type"] === "FAQPage")!;
  expect(data.mainEntity[0]!.acceptedAnswer.text).toBe("Sim, no mesmo dia. <script>alert(1)</script>");

  // With no story written, /historia says only what the settings hold.
  const story = await visitor.newPage();
  await story.goto("/historia");
  await expect(story.getByText("A Loja E2E atende em São Paulo (SP), no endereço Rua do Teste, 1.")).toBeVisible();

  await page.goto("/blog-management/historia");
  await page
    .getByRole("textbox", { name: "Texto da página (Markdown)" })
    .fill("## Desde 2019\n\nConsertos com [garantia](javascript:alert(1)).");
  await page.getByRole("button", { name: "Salvar história" }).click();
  await expect(page.getByRole("status").filter({ hasText: "História salva" })).toBeVisible();
  await story.reload();
  await expect(story.getByRole("heading", { name: "Desde 2019", level: 2 })).toBeVisible();
  await expect(story.getByRole("link", { name: "garantia" })).toHaveAttribute("href", "#");
  await visitor.close();
  await context.close();
});

test("sem JavaScript, “Pré-visualizar” devolve a página com o texto formatado pelo servidor", async ({ browser }) => {
  const context = await browser.newContext({ storageState, baseURL: server.url, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/blog-management/historia");
  await page.getByRole("textbox", { name: "Texto da página (Markdown)" }).fill("## Rascunho\n\nAinda *não* salvo.");
  await page.getByRole("button", { name: "Pré-visualizar" }).click();
  const preview = page.getByRole("region", { name: "Pré-visualização: Texto da página (Markdown)" });
  await expect(preview.getByRole("heading", { name: "Rascunho", level: 2 })).toBeVisible();
  await expect(preview.locator("em")).toHaveText("não");
  await expect(page.getByRole("textbox", { name: "Texto da página (Markdown)" })).toHaveValue(
    "## Rascunho\n\nAinda *não* salvo.",
  );
  await context.close();
});

test("no celular, as páginas de conteúdo cabem na tela e funcionam", async ({ browser }) => {
  const context = await browser.newContext({ storageState, baseURL: server.url, ...NARROW_PHONE_SCREEN });
  const page = await context.newPage();
  for (const [address, heading] of [
    ["/blog-management/avaliacoes", "Avaliações"],
    ["/blog-management/avaliacoes/importar", "Importar avaliações"],
    ["/blog-management/avaliacoes/nova", "Nova avaliação"],
    ["/blog-management/perguntas", "Perguntas frequentes"],
    ["/blog-management/historia", "Nossa história"],
  ] as const) {
    await page.goto(address);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, address).toBeLessThanOrEqual(0);
  }
  // A review typed on the phone shows on the list.
  await page.goto("/blog-management/avaliacoes/nova");
  await page.getByLabel("Nome de quem avaliou").fill("Bia do Celular");
  await page.getByLabel("Nota").selectOption("4");
  await page.getByLabel("Texto").fill("Rápido e honesto.");
  await page.getByRole("button", { name: "Adicionar avaliação" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Avaliação de Bia do Celular adicionada." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Bia do Celular", exact: true })).toBeVisible();
  await context.close();
});
