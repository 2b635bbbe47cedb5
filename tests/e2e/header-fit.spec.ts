import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { PGLITE_OPTIONS } from "~/db/pglite-options";
import { freshOwnDataDir, signUpOn } from "./support/own-server";
import { startExtraServer, type RunningServer } from "./support/server-process";
import { expect, test, waitForHydration } from "./support/test";

/**
 * The header holds from 320 to 1920 px (issue 21: signed in, "Consultar Meu
 * Conserto" and the shop's name wrapped onto two lines at 1280, 1366 and
 * 1920 px): for a visitor, a customer, staff and the owner, with a long shop
 * name, long personal names and a wide logo, on a server of its own (the
 * shop's name and logo are this journey's to change). At every width no
 * link, button or the shop's name takes a second line, and nothing sticks
 * out sideways; the back office's header holds the same.
 */
const SHOP_NAME = "Assistência Técnica e Informática Exemplo do Bairro";
const PEOPLE = {
  // About 12 characters, as in the report.
  staff: { email: "joana.tecnica@e2e.test", name: "Joana Técnica" },
  customer: { email: "maria@e2e.test", name: "Maria Aparecida dos Santos Oliveira" },
  owner: { email: "dono@e2e.test", name: "Bartholomeu-Maximiliano Albuquerque-Figueiredo" },
} as const;
type Person = keyof typeof PEOPLE;
const WIDTHS = [320, 360, 390, 768, 1024, 1280, 1366, 1440, 1920];

test.describe.configure({ mode: "serial" });

let server: RunningServer;
const storageStates = {} as Record<Person, string>;

async function prepareDatabase(dataDir: string) {
  const client = new PGlite(path.join(dataDir, "pglite"), PGLITE_OPTIONS);
  try {
    // The shop's own details: with them there, no demo data is seeded.
    const day = { open: "09:00", close: "18:00" };
    await client.query(
      `insert into shop_settings (name, legal_name, cnpj, address, cep, city, state, whatsapp, email, weekly_hours, details_confirmed_at)
       values ($1, 'Exemplo do Bairro Ltda', '11222333000181', 'Rua do Teste, 1', '01001000', 'São Paulo', 'SP', '11987654321',
               'contato@exemplo-bairro.com.br', $2, now())`,
      [SHOP_NAME, JSON.stringify([null, day, day, day, day, day, day])],
    );
  } finally {
    await client.close();
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = await freshOwnDataDir("cabecalho", test.info().project.name);
  await prepareDatabase(dataDir);
  server = await startExtraServer({ dataDir, keepData: true });
  for (const person of Object.keys(PEOPLE) as Person[]) {
    storageStates[person] = await signUpOn(server, dataDir, PEOPLE[person], person === "customer" ? null : person);
  }
});

test.afterAll(async () => {
  await server?.stop();
});

/**
 * What breaks the header at this width: a text of the header (a link, a
 * button, the shop's name) on more than one line, or anything wider than the
 * window. Lines are counted from the text's own boxes, so a label cut with an
 * ellipsis is one line and a wrapped one is two.
 */
async function headerProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const header = document.querySelector("header");
    if (!header) return ["sem cabeçalho"];
    // A screen reader's text (sr-only: a 1 px box) is not on screen: its lines are not counted.
    // oxlint-disable-next-line unicorn/consistent-function-scoping -- it runs in the page: page.evaluate sends this function alone.
    const isShown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== "hidden";
    };
    const texts = [...header.querySelectorAll("a, button, [data-testid=shop-name]")].filter(isShown);
    for (const element of texts) {
      const lineMiddles = new Set<number>();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.parentElement || !isShown(node.parentElement) || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) {
          if (rect.width > 0) lineMiddles.add(Math.round(rect.top + rect.height / 2));
        }
      }
      const label = (element.textContent ?? "").trim() || element.getAttribute("aria-label") || element.tagName;
      if (lineMiddles.size > 1) problems.push(`“${label}” em ${lineMiddles.size} linhas`);
      const box = element.getBoundingClientRect();
      if (box.right > window.innerWidth + 0.5 || box.left < -0.5) problems.push(`“${label}” sai da tela`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth) {
      problems.push(`a página rola de lado: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    }
    return problems;
  });
}

async function expectHeaderHoldsAtEveryWidth(page: Page, where: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    expect(await headerProblems(page), `${where} a ${width} px`).toEqual([]);
  }
}

/** A 480×140 logo, wide as shop logos are: a dark word on a light band. */
function wideLogo() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="140"><rect width="480" height="140" fill="#e0f2fe"/><text x="20" y="95" font-size="72" font-family="sans-serif" fill="#0c4a6e">EXEMPLO</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test("a proprietária envia um logotipo largo, e ele aparece legível no cabeçalho, pela altura", async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageStates.owner, baseURL: server.url });
  const page = await context.newPage();
  await page.goto("/configuracoes");
  await waitForHydration(page);
  await page
    .getByLabel("Enviar um logotipo")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await wideLogo() });
  await page.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(page.getByLabel("Trocar o logotipo")).toBeVisible();

  for (const [width, minimum] of [
    [390, 100],
    [1280, 110],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");
    await waitForHydration(page);
    const logo = page.getByRole("banner").getByTestId("shop-logo");
    await expect(logo).toBeVisible();
    const box = (await logo.boundingBox())!;
    // Fitted by height: as wide as its proportion gives (480×140 at 32–36 px tall), not squeezed into a square.
    expect(box.width, `logotipo a ${width} px`).toBeGreaterThanOrEqual(minimum);
    expect(box.width / box.height).toBeCloseTo(480 / 140, 0);
  }
  await context.close();
});

for (const person of ["visitor", ...(Object.keys(PEOPLE) as Person[])] as const) {
  test(`o cabeçalho cabe numa linha de 320 a 1920 px: ${person}`, async ({ browser }) => {
    const context = await browser.newContext({
      storageState: person === "visitor" ? { cookies: [], origins: [] } : storageStates[person],
      baseURL: server.url,
    });
    const page = await context.newPage();
    await page.goto("/");
    await waitForHydration(page);
    if (person !== "visitor") {
      // The account's name, not the e-mail's first part (issue 21).
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(page.getByRole("banner").getByRole("button", { name: /Joana|Maria|Bartholomeu/ })).toBeVisible();
    }
    await expectHeaderHoldsAtEveryWidth(page, `site, ${person}`);
    if (person === "staff" || person === "owner") {
      await page.goto("/dashboard");
      await waitForHydration(page);
      await expectHeaderHoldsAtEveryWidth(page, `gestão, ${person}`);
    }
    await context.close();
  });
}
