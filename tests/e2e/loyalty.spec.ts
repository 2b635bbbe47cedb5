import { prepareOrder } from "./support/service-orders";
import { expect, test } from "./support/test";
import { createVerifiedUser, ORIGIN_HEADER, PASSWORD, uniqueEmail, USERS } from "./support/users";

test("o pagamento de uma OS vira pontos que o cliente vê em Minha conta e em /fidelidade", async ({ page, browser, request }) => {
  const email = uniqueEmail("cliente-pontos");
  // A R$ 350,00 repair: paid in full it earns 10 points (R$ 150,00 carried to the next payment).
  const order = await prepareOrder("ready", { email });

  const staff = await browser.newContext({ storageState: USERS.staff.storageState });
  try {
    const staffPage = await staff.newPage();
    await staffPage.goto(`/service-orders/${order.id}/edit`);
    const payments = staffPage.getByRole("region", { name: "Pagamentos" });
    // Debit card: cash needs the register open and PIX the shop's own key (see service-orders.spec.ts).
    await payments.getByLabel("Forma").selectOption("debit");
    await payments.getByLabel("Valor (R$)").fill("350,00");
    await payments.getByRole("button", { name: "Registrar pagamento" }).click();
    await expect(staffPage.getByRole("status").filter({ hasText: "Pagamento registrado." })).toBeVisible();

    // Staff see the same points on the customer's ledger, linked from the customer page.
    await staffPage.goto(`/customers/${order.customerId}`);
    await staffPage.getByRole("link", { name: "Pontos de fidelidade" }).click();
    await expect(staffPage.getByTestId("loyalty-points")).toHaveText("10 pontos");
  } finally {
    await staff.close();
  }

  await createVerifiedUser(request, { name: "Cliente Com Pontos", email, password: PASSWORD });
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    headers: ORIGIN_HEADER,
    data: { email, password: PASSWORD },
  });
  expect(signIn.status()).toBe(200);

  await page.goto("/dashboard");
  const points = page.getByRole("region", { name: "Meus pontos" });
  await expect(points.getByTestId("account-points")).toHaveText("10 pontos");
  await expect(points).toContainText("faltam 490 pontos para Bronze");
  await points.getByRole("link", { name: "Ver extrato e validade" }).click();

  await expect(page).toHaveURL(/\/fidelidade$/);
  await expect(page.getByTestId("loyalty-points")).toHaveText("10 pontos");
  await expect(page.getByTestId("loyalty-level")).toHaveText("Sem nível ainda");
  const history = page.getByRole("list", { name: "Extrato de pontos" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history).toContainText("Pontos ganhos");
  await expect(history).toContainText("+10");
  await expect(page.getByText(/10 pontos expiram em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
});

test.describe("as listas da equipe", () => {
  test.use({ storageState: USERS.staff.storageState });

  test("cada aba da fidelidade é a única marcada como atual e mostra a sua lista", async ({ page }) => {
    await page.goto("/fidelidade");
    const tabs = page.getByRole("navigation", { name: "Listas da fidelidade" });
    const current = tabs.locator('[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText("Por nível");

    await tabs.getByRole("link", { name: "Perto do próximo nível" }).click();
    await expect(page).toHaveURL(/vista=perto/);
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText("Perto do próximo nível");
    await expect(page.getByRole("heading", { name: "Perto do próximo nível", level: 2 })).toBeVisible();

    await tabs.getByRole("link", { name: "Expiram em 30 dias" }).click();
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText("Expiram em 30 dias");
    await expect(page.getByRole("heading", { name: "Pontos que expiram nos próximos 30 dias" })).toBeVisible();
  });
});
