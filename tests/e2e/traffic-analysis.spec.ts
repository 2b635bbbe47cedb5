import fs from "node:fs";
import { BASE_URL } from "./support/e2e-env";
import { expect, test } from "./support/test";
import { USERS } from "./support/users";

/**
 * A visitor comes from a tagged link and clicks a service card's WhatsApp
 * button; the staff see that visit and its conversions on /traffic-analysis
 * under the link's campaign, and export the table.
 */
test("o clique de um visitante no WhatsApp aparece no tráfego do site, na sua campanha", async ({ page, context, browser }) => {
  // Two browsers, a build's first pages and a CSV on a shared machine: more than the default 30 s.
  test.slow();
  const campaign = `jornada-${test.info().project.name}-${Date.now()}`;
  // No internet here: WhatsApp answers from this stub.
  await context.route("https://wa.me/**", (route) => route.fulfill({ body: "ok", contentType: "text/plain" }));
  const viewStored = page.waitForResponse((response) => response.url().endsWith("/api/trafego"));
  await page.goto(`/?utm_source=jornada&utm_medium=teste&utm_campaign=${campaign}`);
  expect((await viewStored).status()).toBe(204);

  const clickStored = page.waitForResponse(
    (response) => response.url().endsWith("/api/trafego") && (response.request().postData() ?? "").includes("orcamento_servico"),
  );
  const whatsappTab = context.waitForEvent("page");
  await page
    .getByRole("link", { name: /Solicitar Orçamento/ })
    .first()
    .click();
  await whatsappTab;
  expect((await clickStored).status()).toBe(204);

  // The visitor is on this project's screen (a phone, too); the staff read the page at the counter's desktop.
  const staffContext = await browser.newContext({
    storageState: USERS.staff.storageState,
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
  });
  try {
    const staff = await staffContext.newPage();
    await staff.goto("/traffic-analysis");
    await expect(staff.getByRole("heading", { name: "Tráfego do site", level: 1 })).toBeVisible();
    const row = staff
      .getByTestId("tabela-campaign")
      .getByRole("row")
      .filter({ hasText: `jornada / teste / ${campaign}` });
    // Visits, views, visitors, then conversions: the service quote and the WhatsApp it opened.
    await expect(row.getByRole("cell")).toHaveText([`jornada / teste / ${campaign}`, "1", "1", "1", "2", "200,0%"]);
    const whatsapp = staff.getByTestId("tabela-conversion").getByRole("row").filter({ hasText: "WhatsApp aberto" });
    await expect(whatsapp.getByRole("cell").nth(1)).not.toHaveText("0");
    await expect(staff.getByTestId("traffic-chart")).toBeVisible();

    const download = staff.waitForEvent("download");
    await staff.getByTestId("tabela-campaign").getByRole("link", { name: "Exportar CSV" }).click();
    const csv = fs.readFileSync((await (await download).path())!, "utf8");
    expect(csv).toContain(`jornada;teste;${campaign};1;1;1;2;200,0`);

    // The owner's tagged link for a post.
    const builder = staff.getByRole("region", { name: "Criar link para divulgar" });
    await builder.getByLabel("Onde vai publicar (origem)").fill("Instagram");
    await builder.getByLabel("Campanha (opcional)").fill("Natal 2026");
    await expect(builder.getByTestId("tagged-link")).toHaveText(`${BASE_URL}/?utm_source=instagram&utm_campaign=natal-2026`);
  } finally {
    await staffContext.close();
  }
});

test("no telefone, o tráfego do site cabe na tela, com as tabelas rolando por dentro", async ({ page, browser, isMobile }) => {
  test.skip(!isMobile, "verificação curta do telefone");
  // A visit from a campaign, so the tables by source have rows.
  const viewStored = page.waitForResponse((response) => response.url().endsWith("/api/trafego"));
  await page.goto(`/?utm_source=telefone&utm_campaign=cabe-${Date.now()}`);
  expect((await viewStored).status()).toBe(204);

  const staffContext = await browser.newContext({
    storageState: USERS.staff.storageState,
    baseURL: BASE_URL,
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const staffPage = await staffContext.newPage();
    await staffPage.goto("/traffic-analysis");
    await expect(staffPage.getByRole("heading", { name: "Conversões por origem" })).toBeVisible();
    await expect(staffPage.getByTestId("tabela-source").getByRole("row")).not.toHaveCount(0);
    const overflow = await staffPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  } finally {
    await staffContext.close();
  }
});
