import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, failedLoad, test } from "./support/test";
import { USERS } from "./support/users";

const MB = 1024 * 1024;

/** A file of `megabytes` whose content does not matter: its size is refused before anything reads it. */
function bigFile(name: string, mimeType: string, megabytes: number) {
  return { name, mimeType, buffer: Buffer.alloc(megabytes * MB, 1) };
}

/** Every form post the page makes (the Markdown preview's fetch is not a form). */
function watchPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && !request.url().includes("/pre-visualizar")) posts.push(request.url());
  });
  return posts;
}

type UploadCase = {
  path: string;
  /** A text field typed before choosing the file, which must keep its value. */
  typed: { label: string | RegExp; value: string };
  file: string | RegExp;
  megabytes: number;
  message: RegExp;
};

const IMAGE_TOO_LARGE = /A imagem escolhida tem 9 MB e o limite é 8 MB: não foi enviada\./;
const CASES: UploadCase[] = [
  {
    path: "/configuracoes",
    typed: { label: "Cidade", value: "Cidade digitada" },
    file: /^(Enviar um|Trocar o) logotipo$/,
    megabytes: 9,
    message: IMAGE_TOO_LARGE,
  },
  {
    path: "/inventory/new",
    typed: { label: "Nome", value: "Capinha digitada" },
    file: /^(Foto \(opcional\)|Trocar a foto)$/,
    megabytes: 9,
    message: IMAGE_TOO_LARGE,
  },
  {
    path: "/blog-management/posts/novo",
    typed: { label: "Título", value: "Título digitado" },
    file: "Imagem de capa (opcional)",
    megabytes: 9,
    message: IMAGE_TOO_LARGE,
  },
  {
    path: "/blog-management/posts/novo",
    typed: { label: "Título", value: "Título digitado" },
    file: "Imagem para o texto",
    megabytes: 9,
    message: IMAGE_TOO_LARGE,
  },
  {
    path: "/blog-management/avaliacoes/nova",
    typed: { label: "Nome de quem avaliou", value: "Nome digitado" },
    file: "Foto de quem avaliou (opcional)",
    megabytes: 9,
    message: IMAGE_TOO_LARGE,
  },
  {
    path: "/inventory/importar",
    typed: { label: "Arquivo CSV", value: "" },
    file: "Arquivo CSV",
    megabytes: 5,
    message: /O arquivo escolhido tem 5 MB e o limite é 4 MB: não foi enviado\./,
  },
  {
    path: "/blog-management/avaliacoes/importar",
    typed: { label: "Arquivo CSV ou JSON", value: "" },
    file: "Arquivo CSV ou JSON",
    megabytes: 3,
    message: /O arquivo escolhido tem 3 MB e o limite é 2 MB: não foi enviado\./,
  },
];

test.describe("arquivo grande demais", () => {
  test.use({ storageState: USERS.owner.storageState });

  test("em cada campo de envio, o navegador recusa o arquivo com o limite, mantém o que foi digitado e não envia nada", async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, "os mesmos formulários; o computador basta");
    test.slow();
    const posts = watchPosts(page);
    for (const upload of CASES) {
      await page.goto(upload.path);
      const where = `${upload.path}: ${String(upload.file)}`;
      if (upload.typed.value) await page.getByLabel(upload.typed.label, { exact: true }).fill(upload.typed.value);
      const input = page.getByLabel(upload.file);
      await input.setInputFiles(bigFile("grande.jpg", "image/jpeg", upload.megabytes));
      await expect(page.getByText(upload.message), where).toBeVisible();
      await expect(input, where).toHaveAttribute("aria-invalid", "true");
      // The choice is cleared: the form cannot send it.
      expect(await input.evaluate((element: HTMLInputElement) => element.files?.length ?? 0), where).toBe(0);
      if (upload.typed.value)
        await expect(page.getByLabel(upload.typed.label, { exact: true }), where).toHaveValue(upload.typed.value);
    }
    expect(posts).toEqual([]);
  });

  test.describe("sem JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("o servidor recusa o envio com a página do site que diz o limite, e Voltar traz o formulário como estava", async ({
      page,
      isMobile,
      consoleErrors,
    }) => {
      test.skip(isMobile, "uma página de texto; o computador basta");
      consoleErrors.allow(failedLoad(413));
      await page.goto("/configuracoes");
      await page.getByLabel("Cidade", { exact: true }).fill("Cidade digitada");
      await page.getByLabel(/^(Enviar um|Trocar o) logotipo$/).setInputFiles(bigFile("grande.jpg", "image/jpeg", 10));
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === "POST"),
        page
          .getByRole("button", { name: /^Salvar/ })
          .first()
          .click(),
      ]);
      expect(answer.status()).toBe(413);
      await expect(page.getByRole("heading", { name: "Arquivo grande demais", level: 1 })).toBeVisible();
      await expect(page.getByText(/imagens de até 8 MB/)).toBeVisible();
      await expect(page.getByText(/Nada foi enviado nem salvo/)).toBeVisible();
      await page.goBack();
      await expect(page.getByLabel("Cidade", { exact: true })).toHaveValue("Cidade digitada");
    });
  });
});

/** A photo as a phone would send it. */
function photo(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

test.describe("imagens no texto do post", () => {
  test.use({ storageState: USERS.staff.storageState });

  test("a equipe envia uma imagem para o texto, com descrição, e o visitante a vê carregada no post; imagens de outros sites são recusadas", async ({
    page,
    browser,
    isMobile,
    consoleErrors,
  }) => {
    test.skip(isMobile, "jornada da equipe: no computador");
    test.slow();
    consoleErrors.allow(failedLoad(400));
    const tag = crypto.randomUUID().slice(0, 6).toLowerCase();
    const title = `Oxidação na placa ${tag}`;
    const body = page.getByRole("textbox", { name: "Texto (Markdown)" });

    await page.goto("/blog-management/posts/novo");
    await page.getByLabel("Título", { exact: true }).fill(title);
    await body.fill("Veja a placa depois de um banho de café:");
    const file = { name: "placa.jpg", mimeType: "image/jpeg", buffer: await photo(1200, 800) };

    // The description is required: refused, nothing stored, the rest kept.
    await page.getByLabel("Imagem para o texto").setInputFiles(file);
    await page.getByRole("button", { name: "Inserir imagem no texto" }).click();
    await expect(page.getByText("Descreva a imagem para quem não pode vê-la.")).toBeVisible();
    await expect(page.getByLabel("Título", { exact: true })).toHaveValue(title);

    await page.getByLabel("Imagem para o texto").setInputFiles(file);
    await page.getByLabel("Descrição (imagem do texto)").fill("Placa de celular com oxidação perto do conector");
    await page.getByRole("button", { name: "Inserir imagem no texto" }).click();
    await expect(body).toHaveValue(
      /^Veja a placa depois de um banho de café:\n\n!\[Placa de celular com oxidação perto do conector\]\(\/arquivos\/[0-9a-f]{32}-960\.webp\)\n$/,
    );
    await expect(page.getByLabel("Título", { exact: true })).toHaveValue(title);
    await expect(
      page.getByTestId("pre-visualizacao").getByRole("img", { name: "Placa de celular com oxidação perto do conector" }),
    ).toBeVisible();

    // An image of another site would be blocked on the public page: refused on save.
    const stored = await body.inputValue();
    await body.fill(`${stored}\n![Outra](https://exemplo.com.br/foto.jpg)\n`);
    await page.getByLabel("Situação").selectOption("published");
    await page.getByRole("button", { name: "Salvar e publicar" }).click();
    await expect(
      page.getByText(/Imagens de outros sites não aparecem aqui .*https:\/\/exemplo\.com\.br\/foto\.jpg/),
    ).toBeVisible();

    await body.fill(stored);
    await page.getByRole("button", { name: "Salvar e publicar" }).click();
    await expect(page.getByText("Post publicado")).toBeVisible();
    const slug = await page.getByLabel("Endereço (slug)").inputValue();

    const visitor = await browser.newPage({ storageState: { cookies: [], origins: [] } });
    await visitor.goto(`/blog/${slug}`);
    const image = visitor.getByRole("img", { name: "Placa de celular com oxidação perto do conector" });
    await expect(image).toBeVisible();
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
      .toBeGreaterThan(0);
    await expect(image).toHaveAttribute("srcset", /-480\.webp 480w/);
    await visitor.close();
  });
});
