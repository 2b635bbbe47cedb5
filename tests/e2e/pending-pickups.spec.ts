import type { Page } from "@playwright/test";
import { toShopDateTimeInput } from "~/lib/dates";
import { prepareOrder } from "./support/service-orders";
import { accessibilityViolations } from "./support/axe";
import { expect, failedLoad, test } from "./support/test";
import { USERS } from "./support/users";

/**
 * /pending-pickups as a clerk chasing a device uses it: the contact's date
 * is asked for, not guessed; a success message never sits beside a later
 * error; the order number leads to the order.
 */

test.use({ storageState: USERS.staff.storageState });

const DATE_REQUIRED = "Informe a data e a hora do contato.";
const DATE_IN_FUTURE = "A data do contato não pode estar no futuro.";

/** The order's card: the list is oldest first and other journeys add orders too, so it may be on any page. */
async function openCardOf(page: Page, orderId: number) {
  const card = page.locator(`#os-${orderId}`);
  for (let pageNumber = 1; pageNumber <= 10; pageNumber++) {
    await page.goto(`/pending-pickups?pagina=${pageNumber}`);
    await expect(page.getByRole("heading", { name: "Aguardando retirada", level: 1 })).toBeVisible();
    if ((await card.count()) > 0) break;
  }
  await expect(card).toBeVisible();
  return card;
}

test("registrar contato exige a data, não deixa 'Contato registrado.' ao lado de um erro, e o número abre a OS", async ({
  page,
  isMobile,
  consoleErrors,
}) => {
  test.skip(isMobile, "a jornada longa roda no desktop; o telefone tem a verificação curta abaixo");
  test.slow();
  // A refused form is answered 400, which Chrome logs as a failed load of pending-pickups.data.
  consoleErrors.allow(failedLoad(400));
  const order = await prepareOrder("ready");
  const card = await openCardOf(page, order.id);

  await card.getByText("Registro de contatos (0)").click();
  const date = card.getByLabel("Data e hora do contato");
  // Prefilled, and the clerk is told so.
  await expect(date).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  await expect(card.getByText("Vem preenchida com a hora atual; corrija se o contato foi em outro momento.")).toBeVisible();

  // Emptied: refused next to the field, nothing logged.
  await date.fill("");
  await card.getByRole("button", { name: "Registrar contato" }).click();
  await expect(card.getByText(DATE_REQUIRED)).toBeVisible();
  await expect(date).toHaveAttribute("aria-invalid", "true");
  await expect(card.getByText("Registro de contatos (0)")).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await date.fill(toShopDateTimeInput(new Date()));
  await card.getByLabel("Observação (opcional)").fill("Liguei, não atendeu.");
  await card.getByRole("button", { name: "Registrar contato" }).click();
  await expect(card.getByText("Contato registrado.")).toBeVisible();
  await expect(card.getByText("Registro de contatos (1)")).toBeVisible();
  // The log names who called (issue 10, Part 3: names, not e-mails).
  await expect(card).toContainText(USERS.staff.name);
  await expect(card).not.toContainText(USERS.staff.email);
  // After it succeeds the form starts again: the note is not logged twice by the next attempt.
  await expect(card.getByLabel("Observação (opcional)")).toHaveValue("");

  // A second attempt that is refused: the earlier success must not stay beside the new error.
  if (!(await date.isVisible())) await card.getByText("Registro de contatos (1)").click();
  await date.fill(toShopDateTimeInput(new Date(Date.now() + 2 * 86_400_000)));
  await card.getByRole("button", { name: "Registrar contato" }).click();
  await expect(card.getByText(DATE_IN_FUTURE)).toBeVisible();
  await expect(card.getByText("Contato registrado.")).toHaveCount(0);
  await expect(card.getByText("Registro de contatos (1)")).toBeVisible();

  // The order number is a link that looks like one and opens the order.
  const orderLink = card.getByRole("link", { name: `OS nº ${order.id}`, exact: true });
  await expect(orderLink).toHaveCSS("text-decoration-line", "underline");
  await orderLink.click();
  await expect(page).toHaveURL(`/service-orders/${order.id}/edit`);
  await expect(page.getByRole("heading", { name: new RegExp(`OS nº ${order.id}`), level: 1 })).toBeVisible();
});

test("a hora preenchida acompanha o relógio quando o registro é aberto depois de a página ficar aberta", async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, "comportamento do formulário, verificado no desktop");
  const order = await prepareOrder("ready");
  await page.clock.install({ time: new Date() });
  const card = await openCardOf(page, order.id);
  const date = card.getByLabel("Data e hora do contato");
  const prefilled = await date.inputValue();
  // The clerk leaves the page open and comes back to log a call made later.
  await page.clock.fastForward("20:00");
  await card.getByText("Registro de contatos (0)").click();
  await expect(date).toBeVisible();
  const refreshed = await date.inputValue();
  expect(refreshed > prefilled, `${refreshed} depois de ${prefilled}`).toBe(true);
  // What the clerk typed is never replaced.
  await date.fill(prefilled);
  await card.getByText("Registro de contatos (0)").click();
  await page.clock.fastForward("05:00");
  await card.getByText("Registro de contatos (0)").click();
  await expect(date).toHaveValue(prefilled);
});

test("no telefone, o cartão cabe na tela e o número da OS é um link", async ({ page, isMobile }) => {
  test.skip(!isMobile, "verificação curta do telefone");
  const order = await prepareOrder("ready");
  const card = await openCardOf(page, order.id);
  await expect(card.getByRole("link", { name: `OS nº ${order.id}`, exact: true })).toHaveAttribute(
    "href",
    `/service-orders/${order.id}/edit`,
  );
  await card.getByText("Registro de contatos (0)").click();
  await expect(card.getByLabel("Data e hora do contato")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
