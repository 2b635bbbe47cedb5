import type { Page } from "@playwright/test";
import { deliverOrder, prepareOrder } from "./support/service-orders";
import { expect, failedLoad, test } from "./support/test";
import { USERS } from "./support/users";

const POINTS_PER_MM = 72 / 25.4;

/** The sheets Chromium prints the page on, with the page's own @page size: how many, and the first one's width in mm. */
async function printedSheets(page: Page) {
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
  const width = Number(/\/MediaBox\s*\[\s*[\d.]+\s+[\d.]+\s+([\d.]+)/.exec(pdf)?.[1]);
  return { count: pdf.match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0, widthMm: Math.round(width / POINTS_PER_MM) };
}

test.use({ storageState: USERS.staff.storageState });

test("os comprovantes saem dos modelos em A4, 80 mm e 58 mm, dizem que não são documento fiscal, e o de entrega e o termo de garantia ficam guardados como emitidos", async ({
  page,
  isMobile,
  consoleErrors,
}) => {
  // The delivery receipt before the delivery is answered 409 on purpose.
  consoleErrors.allow(failedLoad(409));
  const order = await prepareOrder("ready");
  const document = page.locator("main.documento");

  await page.goto(`/service-orders/${order.id}/print/entrada`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Comprovante de entrada · OS nº ${order.id}`);
  await expect(document).toHaveAttribute("data-papel", "a4");
  await expect(document).toContainText(order.customerName);
  await expect(document).toContainText("Não é documento fiscal.");
  await expect(page.getByRole("img", { name: `QR code para consultar a OS nº ${order.id}` })).toBeVisible();
  // An unpaid 'ready' order has a quote: its lines, with the unit price on A4 only.
  await expect(document.getByRole("columnheader", { name: "Unitário" })).toBeVisible();
  // A typical order's receipt fits one A4 sheet, signatures included.
  expect(await printedSheets(page)).toEqual({ count: 1, widthMm: 210 });

  for (const [label, paper] of [
    ["Térmica 80 mm", "80mm"],
    ["Térmica 58 mm", "58mm"],
  ] as const) {
    await page.getByRole("navigation", { name: "Tamanho do papel" }).getByRole("link", { name: label }).click();
    await expect(document).toHaveAttribute("data-papel", paper);
    await expect(document.getByRole("columnheader", { name: "Unitário" })).toHaveCount(0);
    await expect(document).toContainText("Não é documento fiscal.");
    // The roll's width holds the whole receipt: nothing sticks out to the side.
    const overflow = await document.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow, `largura do papel ${paper}`).toBeLessThanOrEqual(0);
    // A roll is continuous: one page as long as the receipt, once the page has measured it.
    await expect.poll(() => printedSheets(page)).toEqual({ count: 1, widthMm: Number.parseInt(paper) });
  }
  if (isMobile) return;

  const early = await page.goto(`/service-orders/${order.id}/print/entrega`);
  expect(early?.status()).toBe(409);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`OS nº ${order.id} ainda não foi entregue`);

  await deliverOrder(order.id, "Carlos Prado (irmão)");
  await page.goto(`/service-orders/${order.id}/print/entrega?papel=80mm`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Comprovante de entrega · OS nº ${order.id}`);
  await expect(document).toContainText("Retirado por: Carlos Prado (irmão)");
  await expect(document).toContainText(/Garantia: \d+ dias, até \d{2}\/\d{2}\/\d{4}/);
  await expect(document).toContainText(
    /Emitido em \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\. Reimpressões \(2ª via\) reproduzem este documento como foi emitido\./,
  );
  await expect(document).toContainText("Não é documento fiscal.");
  await expect.poll(() => printedSheets(page)).toEqual({ count: 1, widthMm: 80 });
  await page.goto(`/service-orders/${order.id}/print/entrega`);
  expect(await printedSheets(page)).toEqual({ count: 1, widthMm: 210 });

  // The repaired device's warranty, on its own sheet, issued with the delivery.
  await page.goto(`/service-orders/${order.id}/print/garantia`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`^Termo de garantia nº \\d+ · OS nº ${order.id}$`));
  await expect(document).toContainText(/Garantia contratual de \d+ dias, de \d{2}\/\d{2}\/\d{4} até \d{2}\/\d{2}\/\d{4}\./);
  await expect(document).toContainText("Esta garantia complementa a garantia legal e não a substitui");
  await expect(document).toContainText(/Emitido em .* Reimpressões \(2ª via\)/);
  expect(await printedSheets(page)).toEqual({ count: 1, widthMm: 210 });
});
