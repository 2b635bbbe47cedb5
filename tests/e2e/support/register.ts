import { expect, type Page } from "@playwright/test";

/**
 * On the closing page: the register does not close while a PIX waits for
 * "PIX recebido", so each one listed is confirmed from its link, as staff
 * do after seeing the money in the account. Ends back on the closing page.
 */
export async function confirmWaitingPix(page: Page) {
  const waiting = page.getByRole("region", { name: "PIX aguardando confirmação" });
  while (await waiting.isVisible()) {
    await waiting
      .getByRole("link", { name: /Confirmar ou cancelar o PIX de/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/cash-register#lancamento-\d+$/);
    const entryId = /lancamento-(\d+)/.exec(page.url())?.[1];
    await page.locator(`#lancamento-${entryId}`).getByRole("button", { name: "PIX recebido" }).click();
    await expect(page.getByRole("status").filter({ hasText: /PIX recebido registrado|já estava confirmado/ })).toBeVisible();
    await page.goto("/cash-register/fechamento");
  }
}
