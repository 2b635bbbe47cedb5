import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { SITE_NAVIGATION } from "~/components/layout/site-navigation";
import { atShopTime, shopToday } from "~/lib/dates";
import { GENERAL_GREETING, OFF_HOURS_GREETING } from "~/lib/whatsapp-messages";
import { expect, test } from "./support/test";
import { USERS } from "./support/users";

const NAVIGATION_LABELS = SITE_NAVIGATION.map((entry) => entry.label);
// Instants on the shop's clock.
const SUNDAY_NOON = atShopTime("2026-05-10", "12:00");
const TUESDAY_10AM = atShopTime("2026-05-12", "10:00");

// The frame is the same on every public page: a short one keeps axe fast, and a11y.spec.ts checks each page whole.
const PAGE = "/privacidade";

/** axe on the frame's parts only (the widgets, the footer, an open dialog), so a page's own content does not count here. */
async function frameViolations(page: Page, ...selectors: string[]) {
  const axe = new AxeBuilder({ page });
  for (const selector of selectors) axe.include(selector);
  const { violations } = await axe.analyze();
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

function rootFontSize(page: Page) {
  return page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
}

test("o menu do cabeçalho marca a página atual", async ({ page, isMobile }) => {
  test.skip(isMobile, "no celular as entradas ficam na gaveta (teste seguinte)");
  await page.goto("/");
  const navigation = page.getByRole("navigation", { name: "Principal" });
  await expect(navigation.getByRole("link")).toHaveText(NAVIGATION_LABELS);
  await expect(navigation.getByRole("link", { name: "Início" })).toHaveAttribute("aria-current", "page");

  await navigation.getByRole("link", { name: "Nossa História" }).click();
  await expect(page).toHaveURL("/historia");
  await expect(navigation.getByRole("link", { name: "Nossa História" })).toHaveAttribute("aria-current", "page");
  await expect(navigation.getByRole("link", { name: "Início" })).not.toHaveAttribute("aria-current");

  await navigation.getByRole("link", { name: "Contato" }).click();
  await expect(page).toHaveURL("/contato");
  await expect(navigation.locator("[aria-current=page]")).toHaveText(["Contato"]);
});

test("uma página nova abre no topo e Voltar devolve a posição em que se estava", async ({ page, isMobile }) => {
  test.skip(isMobile, "as entradas do cabeçalho só aparecem na largura de computador");
  await page.goto("/");
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Blog & Dicas" }).click();
  await expect(page).toHaveURL("/blog");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL("/");
  // Back on the home, its static sections are drawn again as their code arrives, after the position was set:
  // the browser's scroll anchoring then moves it by their height. What counts is that it is not the top.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
});

test("páginas em cache pedem o JavaScript depois de pintar, sem modulepreload", async ({ request }) => {
  await request.get("/blog");
  const cached = await request.get("/blog");
  expect(cached.headers()["x-page-cache"]).toBe("hit");
  const html = await cached.text();
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).toMatch(/<script type="module" async="">await new Promise\(\(resolve\) => requestAnimationFrame/);
  expect(html).not.toMatch(/^import \* as route\d+ from/m);
});

test("o JavaScript do quadro público, carregado em toda página, não traz os formatadores de data (Intl)", async ({ request }) => {
  // lib/dates builds Intl formatters the first page view would pay for (decision 0006); only loaders need it.
  const html = await (await request.get("/")).text();
  const frameChunk = /\/assets\/site-[\w-]+\.js/.exec(html)?.[0];
  expect(frameChunk, "a página inicial cita o bloco do quadro público").toBeTruthy();
  const code = await (await request.get(frameChunk!)).text();
  expect(code.includes("wa.me"), `${frameChunk} é o bloco do quadro (o link do WhatsApp)`).toBe(true);
  expect(code.includes("Intl.DateTimeFormat"), `${frameChunk} traz Intl.DateTimeFormat`).toBe(false);
});

test("no celular a gaveta de 300px lista as seis entradas e fecha ao escolher uma", async ({ page, isMobile }) => {
  test.skip(!isMobile, "a gaveta só aparece em telas estreitas");
  await page.goto("/historia");
  await expect(page.getByRole("navigation", { name: "Principal" })).toBeHidden();

  await page.getByRole("button", { name: "Menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer).toBeVisible();
  expect((await drawer.boundingBox())?.width).toBe(300);
  await expect(drawer.getByRole("link")).toHaveText(NAVIGATION_LABELS);
  await expect(drawer.getByRole("link", { name: "Nossa História" })).toHaveAttribute("aria-current", "page");
  expect(await frameViolations(page, "dialog", "header")).toEqual([]);

  await drawer.getByRole("link", { name: "Contato" }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL("/contato");

  await page.getByRole("button", { name: "Menu" }).click();
  await expect(drawer.locator("[aria-current=page]")).toHaveText(["Contato"]);
});

test("domingo: botão do WhatsApp vermelho, balão e modal de atendimento offline", async ({ page, context }) => {
  await context.route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/plain", body: "ok" }));
  await page.clock.setFixedTime(SUNDAY_NOON);
  await page.goto(PAGE);

  const chatButton = page.getByRole("button", { name: "Falar no WhatsApp" });
  await expect(chatButton).toHaveAttribute("data-status", "offline");
  await expect(chatButton).toHaveAccessibleDescription("Estamos offline. Deixe sua mensagem!");
  await expect(page.getByText("Estamos offline. Deixe sua mensagem!")).toBeVisible();
  expect(await frameViolations(page, "aside")).toEqual([]);

  await chatButton.click();
  const modal = page.getByRole("dialog", { name: "Atendimento Offline" });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText("Seg–Sex: 9h–19h");
  await expect(modal).toContainText("Dom: fechado");
  expect(await frameViolations(page, "dialog")).toEqual([]);
  await modal.getByRole("button", { name: "Fechar" }).click();
  await expect(modal).toBeHidden();

  await chatButton.click();
  const popupOpened = page.waitForEvent("popup");
  await modal.getByRole("button", { name: "Enviar Mensagem Mesmo Assim" }).click();
  const popup = await popupOpened;
  await expect(modal).toBeHidden();
  await popup.waitForLoadState();
  expect(popup.url()).toMatch(/^https:\/\/wa\.me\/55\d{10,11}\?text=/);
  expect(popup.url()).toContain(encodeURIComponent(OFF_HOURS_GREETING));
});

test("terça às 10h: botão verde que abre o WhatsApp com a saudação geral", async ({ page }) => {
  await page.clock.setFixedTime(TUESDAY_10AM);
  await page.goto(PAGE);

  const chatLink = page.getByRole("link", { name: "Falar no WhatsApp" });
  await expect(chatLink).toHaveAttribute("data-status", "online");
  await expect(chatLink).toHaveAttribute("href", /^https:\/\/wa\.me\/55\d{10,11}\?text=/);
  expect(await chatLink.getAttribute("href")).toContain(`?text=${encodeURIComponent(GENERAL_GREETING)}`);
  await expect(chatLink).toHaveAttribute("target", "_blank");
  await expect(chatLink).toHaveAttribute("rel", "noopener noreferrer");
  await expect(page.getByText("Estamos offline. Deixe sua mensagem!")).toHaveCount(0);
});

test("painel de acessibilidade: fonte de 80% a 150%, alto contraste, redefinir e lembrado no aparelho", async ({ page }) => {
  await page.goto(PAGE);
  const openPanel = async () => {
    await page.getByRole("button", { name: "Acessibilidade" }).click();
    const panel = page.getByRole("dialog", { name: "Acessibilidade" });
    await expect(panel).toBeVisible();
    return panel;
  };
  let panel = await openPanel();
  const size = panel.locator("output");
  const larger = panel.getByRole("button", { name: "Aumentar fonte" });
  const smaller = panel.getByRole("button", { name: "Diminuir fonte" });
  const contrast = panel.getByRole("switch", { name: "Alto contraste" });
  await expect(size).toHaveText("100%");
  expect(await frameViolations(page, "aside", "dialog")).toEqual([]);

  await test.step("até 150%, de 10 em 10, e o botão de aumentar se desliga", async () => {
    for (const percent of [110, 120, 130, 140, 150]) {
      await larger.click();
      await expect(size).toHaveText(`${percent}%`);
    }
    await expect(larger).toBeDisabled();
    expect(await rootFontSize(page)).toBe("24px");
  });

  await test.step("até 80%, e o botão de diminuir se desliga", async () => {
    for (const percent of [140, 130, 120, 110, 100, 90, 80]) {
      await smaller.click();
      await expect(size).toHaveText(`${percent}%`);
    }
    await expect(smaller).toBeDisabled();
    await expect(larger).toBeEnabled();
    expect(await rootFontSize(page)).toBe("12.8px");
  });

  await test.step("alto contraste liga na hora", async () => {
    await contrast.click();
    await expect(contrast).toHaveAttribute("aria-checked", "true");
    await expect(page.locator("html")).toHaveClass(/\bhigh-contrast\b/);
  });

  await test.step("as escolhas voltam depois de recarregar", async () => {
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bhigh-contrast\b/);
    expect(await rootFontSize(page)).toBe("12.8px");
    panel = await openPanel();
    await expect(panel.locator("output")).toHaveText("80%");
    await expect(panel.getByRole("switch", { name: "Alto contraste" })).toHaveAttribute("aria-checked", "true");
  });

  await test.step("redefinir volta a 100% e contraste desligado, também depois de recarregar", async () => {
    await panel.getByRole("button", { name: "Redefinir" }).click();
    await expect(panel.locator("output")).toHaveText("100%");
    await expect(panel.getByRole("switch", { name: "Alto contraste" })).toHaveAttribute("aria-checked", "false");
    await expect(page.locator("html")).not.toHaveClass(/\bhigh-contrast\b/);
    expect(await rootFontSize(page)).toBe("16px");

    await page.reload();
    await expect(page.getByRole("button", { name: "Acessibilidade" })).toBeVisible();
    expect(await rootFontSize(page)).toBe("16px");
    await expect(page.locator("html")).not.toHaveClass(/\bhigh-contrast\b/);
  });
});

test("rodapé: QR do WhatsApp gerado no navegador, redes sociais e direitos", async ({ page }) => {
  await page.goto(PAGE);
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("heading", { level: 2 })).toHaveText(["Navegação", "Serviços", "Contato", "WhatsApp"]);
  await expect(footer.getByRole("navigation", { name: "Rodapé" }).getByRole("link")).toHaveText(
    NAVIGATION_LABELS.filter((label) => label !== "Consultar Meu Conserto"),
  );
  await expect(footer).toContainText("Respondemos em até 24h.");
  await expect(footer).toContainText(`© 2024–${shopToday().slice(0, 4)}`);

  await footer.getByText("Escaneie e fale conosco").scrollIntoViewIfNeeded();
  const qr = footer.getByRole("img", { name: "QR code para falar no WhatsApp" });
  await expect(qr).toHaveAttribute("src", /^data:image\/png;base64,/);
  await expect(qr).toHaveAttribute("width", "160");
  await expect(footer.getByText("Gerando QR...")).toHaveCount(0);

  // The demo settings fill in Instagram only: the other networks are not shown.
  const social = footer.getByRole("list", { name: "Redes sociais" }).getByRole("link");
  await expect(social).toHaveCount(1);
  await expect(social).toHaveAccessibleName("Instagram (abre em nova aba)");
  await expect(social).toHaveAttribute("href", /^https:\/\/www\.instagram\.com\//);
  await expect(social).toHaveAttribute("target", "_blank");
  await expect(social).toHaveAttribute("rel", "noopener noreferrer");
  expect(await frameViolations(page, "footer")).toEqual([]);
});

test.describe("equipe", () => {
  test.use({ storageState: USERS.staff.storageState });

  test("a gestão não mostra os botões flutuantes do site", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Painel", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Acessibilidade" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Falar no WhatsApp" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Falar no WhatsApp" })).toHaveCount(0);
  });
});
