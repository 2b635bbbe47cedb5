import { prepareOrder } from "./support/service-orders";
import { expect, test } from "./support/test";
import { createVerifiedUser, ORIGIN_HEADER, PASSWORD, uniqueEmail, USERS } from "./support/users";

test("quem cria a conta com o e-mail do seu cadastro vê a sua OS em Minha conta, até a equipe desvincular a conta", async ({
  page,
  browser,
  request,
  isMobile,
}) => {
  const email = uniqueEmail("cliente-os");
  const order = await prepareOrder("awaiting_approval", { email });
  await createVerifiedUser(request, { name: "Cliente Com Conta", email, password: PASSWORD });
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    headers: ORIGIN_HEADER,
    data: { email, password: PASSWORD },
  });
  expect(signIn.status()).toBe(200);

  await page.goto("/dashboard");
  const repairs = page.getByRole("region", { name: "Meus consertos" });
  const repair = repairs.getByRole("link", { name: new RegExp(`OS nº ${order.id} `) });
  await expect(repair).toContainText("Aguardando aprovação");
  await expect(repair).toContainText("saldo R$");
  await expect(repairs.getByRole("listitem")).toHaveCount(1);
  await repair.click();
  await expect(page).toHaveURL(/\/consultar\?codigo=/);
  await expect(page.getByText(`OS nº ${order.id}`).first()).toBeVisible();
  if (isMobile) return;

  // The staff cut the account from the record: the same e-mail no longer brings the order back.
  const staff = await browser.newContext({ storageState: USERS.staff.storageState });
  try {
    const staffPage = await staff.newPage();
    await staffPage.goto(`/customers/${order.customerId}`);
    const access = staffPage.getByRole("region", { name: "Acesso pelo site" });
    await expect(access).toContainText(`${email} · mesmo e-mail do cadastro`);
    await access.getByRole("button", { name: `Desvincular a conta ${email}` }).click();
    await expect(staffPage.getByRole("status").filter({ hasText: "Conta desvinculada" })).toBeVisible();
    await expect(access).toContainText("Nenhuma conta vê este cadastro.");

    // A refused link says why next to its field and keeps what was typed.
    await access.getByLabel("Vincular a conta de outro e-mail").fill("ninguem-aqui@e2e.test");
    await access.getByRole("button", { name: "Vincular conta" }).click();
    await expect(access).toContainText("Nenhuma conta usa este e-mail no site.");
    await expect(staffPage.getByRole("status").filter({ hasText: "Conta desvinculada" })).toHaveCount(0);
    await expect(access.getByLabel("Vincular a conta de outro e-mail")).toHaveValue("ninguem-aqui@e2e.test");
  } finally {
    await staff.close();
  }

  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "Meus consertos" })).toContainText("Nenhum conserto ligado à sua conta");
});
