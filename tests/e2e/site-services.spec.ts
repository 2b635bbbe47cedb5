import { accessibilityViolations } from "./support/axe";
import { expect, failedLoad, test } from "./support/test";
import { USERS } from "./support/users";
import type { Browser } from "@playwright/test";

test.use({ storageState: USERS.staff.storageState });

/** The public home as a visitor who is not signed in sees it: served from the anonymous page cache, which a change must drop. */
async function visitorHome(browser: Browser) {
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto("/");
  const services = (await page.getByRole("region", { name: "Nossos Serviços" }).innerText()).replace(/\s+/g, " ");
  const footer = (await page.getByRole("contentinfo").innerText()).replace(/\s+/g, " ");
  await visitor.close();
  return { services, footer };
}

test("a equipe edita um serviço da página inicial e uma linha do rodapé, e o visitante vê na hora", async ({
  page,
  browser,
  isMobile,
  consoleErrors,
}) => {
  test.skip(isMobile, "jornada da equipe: no computador; o celular tem a verificação curta abaixo");
  test.slow();
  // A refused form is answered 400, which Chrome logs as a failed load.
  consoleErrors.allow(failedLoad(400));
  const tag = crypto.randomUUID().slice(0, 6);
  const description = `Suporte para empresas ${tag}: redes, impressoras e celulares corporativos.`;
  const footerLine = `Película na hora ${tag}`;

  await page.goto("/blog-management");
  await page.getByRole("navigation", { name: "Conteúdo do site" }).getByRole("link", { name: "Serviços" }).click();
  await expect(page).toHaveURL("/blog-management/servicos");
  await expect(page.getByRole("heading", { name: "Serviços", level: 1 })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  const home = page.getByRole("region", { name: "Página inicial: “Nossos Serviços”" });
  const card = home.getByRole("listitem").filter({ hasText: "Assistência Empresarial" });
  const original = await card.locator("p").nth(1).innerText();

  await test.step("um serviço sem descrição é recusado ao lado do campo; corrigido, aparece na página inicial", async () => {
    await card.getByText("Editar").click();
    const descriptionField = card.getByLabel("Descrição");
    await descriptionField.fill("");
    await card.getByRole("button", { name: "Salvar" }).click();
    await expect(card.getByText("Informe a descrição.")).toBeVisible();
    await expect(descriptionField).toHaveAttribute("aria-invalid", "true");

    await descriptionField.fill(description);
    await card.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Serviço salvo." })).toBeVisible();
    const { services } = await visitorHome(browser);
    expect(services).toContain(`Assistência Empresarial ${description}`);
  });

  const footer = page.getByRole("region", { name: "Rodapé: coluna “Serviços”" });
  await test.step("uma linha nova no rodapé, subida uma posição, aparece no rodapé público nessa ordem", async () => {
    const newLine = footer.locator("details").filter({ hasText: "Nova linha do rodapé" });
    await newLine.getByText("Nova linha do rodapé").click();
    await newLine.getByLabel("Texto da linha").fill(footerLine);
    await newLine.getByRole("button", { name: "Adicionar linha" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Linha adicionada ao rodapé." })).toBeVisible();
    await footer.getByRole("button", { name: `Subir “${footerLine}”` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Subiu uma posição." })).toBeVisible();
    const lines = footer.getByRole("listitem").locator("p");
    await expect(lines.filter({ hasText: footerLine })).toContainText(`${(await lines.count()) - 1}.`);

    const publicFooter = (await visitorHome(browser)).footer;
    expect(publicFooter).toMatch(new RegExp(`Serviços .*${footerLine} Serviços expressos`));
  });

  // The other journeys read the spec's services: put them back.
  await test.step("a linha excluída e a descrição de volta: o site volta a ser o de antes", async () => {
    await footer.getByRole("listitem").filter({ hasText: footerLine }).getByText("Editar").click();
    await footer.getByRole("button", { name: `Excluir linha “${footerLine}”` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Linha excluída do rodapé." })).toBeVisible();
    await card.getByText("Editar").click();
    await card.getByLabel("Descrição").fill(original);
    await card.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Serviço salvo." })).toBeVisible();

    const visitor = await visitorHome(browser);
    expect(visitor.footer).not.toContain(footerLine);
    expect(visitor.services).not.toContain(description);
    expect(visitor.services).toContain(original);
  });
});

test("a página de serviços cabe na tela do celular", async ({ page, isMobile }) => {
  test.skip(!isMobile, "verificação de largura do celular");
  await page.goto("/blog-management/servicos");
  await expect(page.getByRole("heading", { name: "Serviços", level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // "Subir" and "Descer" go under a service's title on a phone, never squeeze it to a few letters a line.
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name: /^Subir/ }) })
    .first();
  const cardWidth = (await card.boundingBox())!.width;
  const titleWidth = (await card.locator("p").first().boundingBox())!.width;
  expect(titleWidth / cardWidth).toBeGreaterThan(0.6);
  expect(await accessibilityViolations(page)).toEqual([]);
});
