import { STAFF_AREAS } from "~/components/layout/staff-areas";
import { expect, failedLoad, test } from "./support/test";
import { USERS } from "./support/users";

/** The back office's own areas: none of them may show up on a page a customer can open. */
const STAFF_ONLY_TITLES = Object.values(STAFF_AREAS)
  .filter((area) => area.to !== "/dashboard" && area.to !== "/fidelidade")
  .map((area) => area.title);

test.describe("cliente", () => {
  test.use({ storageState: USERS.customer.storageState });

  test("uma página da equipe mostra 'Área restrita à equipe' com 403 e nada da gestão", async ({ page, consoleErrors }) => {
    // The document itself is answered 403, which Chrome logs as a failed load.
    consoleErrors.allow(failedLoad(403));
    const response = await page.goto("/cash-register");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Área restrita à equipe", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/Área restrita à equipe/);
    await expect(page.getByRole("navigation", { name: /Gestão/ })).toHaveCount(0);
    for (const title of STAFF_ONLY_TITLES) {
      await expect(page.getByRole("link", { name: title, exact: true })).toHaveCount(0);
    }
    await expect(page.getByRole("heading", { name: "Caixa" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Minha conta" })).toBeVisible();
  });
});

test("um endereço desconhecido mostra 'Página não encontrada' com 404", async ({ page, consoleErrors }) => {
  // The document itself is answered 404, which Chrome logs as a failed load.
  consoleErrors.allow(failedLoad(404));
  const response = await page.goto("/pagina-que-nao-existe/mesmo");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Página não encontrada/);
  await expect(page.getByRole("link", { name: "Voltar ao início" })).toBeVisible();
});
