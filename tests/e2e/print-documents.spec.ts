import type { Page } from "@playwright/test";
import { formatCents } from "~/lib/money";
import { deliverOrder, prepareOrder } from "./support/service-orders";
import { expect, failedLoad, test } from "./support/test";
import { USERS } from "./support/users";

/**
 * The two documents issue 13 adds, printed from where the counter needs
 * them: the device label from its order (the label paper only), and the
 * debt reminder letter from the debtor's page (A4 only).
 */

const POINTS_PER_MM = 72 / 25.4;

test.use({ storageState: USERS.staff.storageState });

/** The sheets Chromium prints the page on, with the page's own @page size: how many, and the first one's size in mm. */
async function printedSheets(page: Page) {
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
  const box = /\/MediaBox\s*\[\s*[\d.]+\s+[\d.]+\s+([\d.]+)\s+([\d.]+)/.exec(pdf);
  return {
    count: pdf.match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0,
    widthMm: Math.round(Number(box?.[1]) / POINTS_PER_MM),
    heightMm: Math.round(Number(box?.[2]) / POINTS_PER_MM),
  };
}

test("a etiqueta do aparelho sai da OS, no papel de etiqueta: número, primeiro nome, aparelho e QR, numa etiqueta só", async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, "a jornada roda no desktop; o telefone tem a verificação curta abaixo");
  const order = await prepareOrder("received");
  await page.goto(`/service-orders/${order.id}/edit`);
  const prints = page.getByRole("region", { name: "Imprimir" });
  const labelLink = prints.getByRole("link", { name: "Etiqueta (Etiqueta do aparelho, abre em nova aba)" });
  await expect(labelLink).toHaveAttribute("href", `/service-orders/${order.id}/print/etiqueta?papel=label`);
  // The label prints on the label only; the receipts keep their three papers.
  await expect(prints.getByRole("link", { name: /Etiqueta do aparelho/ })).toHaveCount(1);
  await expect(prints.getByRole("link", { name: /Comprovante de entrada/ })).toHaveCount(3);

  const [label] = await Promise.all([page.waitForEvent("popup"), labelLink.click()]);
  const document = label.locator("main.documento");
  await expect(document).toHaveAttribute("data-papel", "label");
  await expect(label.getByRole("navigation", { name: "Tamanho do papel" }).getByRole("link")).toHaveText(["Etiqueta 62 × 29 mm"]);
  await expect(document.getByText(`OS ${order.id}`, { exact: true })).toBeVisible();
  const firstName = order.customerName.split(" ")[0]!;
  await expect(document.getByText(firstName, { exact: true })).toBeVisible();
  // First name only: everyone at the counter sees the label.
  await expect(document).not.toContainText(order.customerName);
  await expect(document).not.toContainText(order.phone.slice(-4));
  await expect(document).toContainText("Motorola Moto G84");
  // No promised date on this order: the label leaves the line out (the integration suite prints one that has it).
  await expect(document).not.toContainText("Previsão");
  await expect(label.getByRole("img", { name: `QR code da OS nº ${order.id}` })).toBeVisible();
  // Everything sits inside the label: the last line's bottom within the document's box.
  const fits = await document.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return [...element.querySelectorAll(".etiqueta-dados p, .etiqueta-qr")].every(
      (child) =>
        child.getBoundingClientRect().bottom <= box.bottom + 0.5 && child.getBoundingClientRect().right <= box.right + 0.5,
    );
  });
  expect(fits).toBe(true);
  expect(await printedSheets(label)).toEqual({ count: 1, widthMm: 62, heightMm: 29 });
  await label.close();

  // An address asking for a paper the label is not printed on gets the label.
  await page.goto(`/service-orders/${order.id}/print/etiqueta?papel=a4`);
  await expect(page.locator("main.documento")).toHaveAttribute("data-papel", "label");
});

test("a carta de cobrança sai da página do devedor, em A4: o que deve, o total, o PIX e quem cobra", async ({
  page,
  isMobile,
  consoleErrors,
}) => {
  test.skip(isMobile, "a jornada roda no desktop; o telefone tem a verificação curta abaixo");
  // A customer who owes nothing is answered 409 on purpose.
  consoleErrors.allow(failedLoad(409));
  const order = await prepareOrder("ready");
  await deliverOrder(order.id, "O próprio cliente");

  await page.goto(`/devedores/${order.customerId}`);
  const letterSection = page.getByRole("region", { name: "Carta de cobrança" });
  await expect(letterSection).toContainText("nunca a outra pessoa (CDC art. 42)");
  const letterLink = letterSection.getByRole("link", { name: "Imprimir carta de cobrança (abre em nova aba)" });
  const [letter] = await Promise.all([page.waitForEvent("popup"), letterLink.click()]);
  await expect(letter).toHaveURL(`/devedores/${order.customerId}/carta`);
  const document = letter.locator("main.documento");
  await expect(document).toHaveAttribute("data-papel", "a4");
  await expect(letter.getByRole("navigation", { name: "Tamanho do papel" }).getByRole("link")).toHaveText(["A4"]);
  await expect(letter.getByRole("heading", { name: "Lembrete de pagamento", level: 1 })).toBeVisible();
  await expect(document).toContainText(`A ${order.customerName}`);
  await expect(document).toContainText(`Olá, ${order.customerName.split(" ")[0]}.`);
  const row = document.getByRole("row", { name: new RegExp(`OS nº ${order.id}`) });
  await expect(row).toContainText(formatCents(35_000));
  await expect(document.getByRole("row", { name: /Total em aberto/ })).toContainText(formatCents(35_000));
  await expect(document).toContainText("Código de Defesa do Consumidor, art. 42-A");
  await expect(document).toContainText(`Esta carta é pessoal e se destina somente a ${order.customerName}.`);
  await expect(document).toContainText("Não é documento fiscal.");
  expect(await printedSheets(letter)).toEqual({ count: 1, widthMm: 210, heightMm: 297 });
  await letter.close();

  // Someone who owes nothing gets no letter, and a way back.
  const other = await prepareOrder("received");
  const refused = await page.goto(`/devedores/${other.customerId}/carta`);
  expect(refused?.status()).toBe(409);
  await expect(page.getByRole("heading", { name: `${other.customerName} não deve nada à loja`, level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Voltar ao cliente" })).toHaveAttribute("href", `/devedores/${other.customerId}`);
});

test("no telefone, os botões da etiqueta e da carta aparecem e as páginas cabem na tela", async ({ page, isMobile }) => {
  test.skip(!isMobile, "verificação curta do telefone");
  const order = await prepareOrder("ready");
  await deliverOrder(order.id, "O próprio cliente");
  const noOverflow = async () =>
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);

  await page.goto(`/service-orders/${order.id}/edit`);
  const labelLink = page.getByRole("link", { name: "Etiqueta (Etiqueta do aparelho, abre em nova aba)" });
  await labelLink.scrollIntoViewIfNeeded();
  await expect(labelLink).toBeVisible();
  await noOverflow();
  await page.goto(`/service-orders/${order.id}/print/etiqueta`);
  await expect(page.getByRole("img", { name: `QR code da OS nº ${order.id}` })).toBeVisible();
  await noOverflow();

  await page.goto(`/devedores/${order.customerId}`);
  const letterLink = page.getByRole("link", { name: "Imprimir carta de cobrança (abre em nova aba)" });
  await letterLink.scrollIntoViewIfNeeded();
  await expect(letterLink).toBeVisible();
  await noOverflow();
  await page.goto(`/devedores/${order.customerId}/carta`);
  await expect(page.getByRole("heading", { name: "Lembrete de pagamento", level: 1 })).toBeVisible();
});

test("um comprovante reimpresso dias depois diz 2ª via; o impresso na abertura da OS não", async ({ page, isMobile }) => {
  test.skip(isMobile, "a jornada roda no desktop");
  const order = await prepareOrder("received");
  await page.goto(`/service-orders/${order.id}/print/entrada?papel=80mm`);
  await expect(page.getByRole("heading", { name: `Comprovante de entrada · OS nº ${order.id}`, level: 1 })).toBeVisible();
  await expect(page.locator("main.documento")).not.toContainText("2ª via");

  // The demo's first order came in days ago: its entry receipt printed today is a reprint, on every paper.
  for (const paper of ["a4", "80mm", "58mm"]) {
    await page.goto(`/service-orders/1/print/entrada?papel=${paper}`);
    await expect(page.locator("main.documento .segunda-via")).toHaveText(
      /^2ª via · reimpressa em \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/,
    );
  }
});
