import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { APIResponse } from "@playwright/test";
import { DEMO_BLOG_POSTS } from "~/modules/blog/demo-posts";
import { DEMO_CATALOGUE } from "~/modules/demo/demo-catalogue";
import routes from "~/routes";
import { expectScriptsAllowedByCsp } from "./support/csp";
import { BASE_URL } from "./support/e2e-env";
import { expect, test } from "./support/test";
import { USERS } from "./support/users";

/**
 * Search engines (issue 3): sitemap.xml, robots.txt, the shop's structured
 * data and every public page's head tags; and the anonymous page cache that
 * serves those pages (the same bytes for every visitor, never to a signed-in person).
 */
const PUBLISHED = DEMO_BLOG_POSTS.filter((post) => post.status === "published");
const DRAFTS = DEMO_BLOG_POSTS.filter((post) => post.status !== "published");
const SAMPLE_POST = PUBLISHED[0]!.slug;
const SAMPLE_PRODUCT = DEMO_CATALOGUE.find((product) => product.isShownInShop)!.slug;

/** The content pages of the public layout; sign-in pages are not for search engines (robots.txt). */
function publicPages(entries: RouteConfigEntry[], parentPath = "", isPublic = false): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parentPath.replace(/\/$/, "")}/${entry.path}` : parentPath || "/";
    const underSite = isPublic || entry.file === "routes/_site/layout.tsx";
    if (entry.children?.length) return publicPages(entry.children, entry.path ? path : parentPath, underSite);
    if (!underSite || path.endsWith("*") || path === "/auth" || path.startsWith("/auth/")) return [];
    return [path.replace(/:id$/, SAMPLE_POST).replace(/:slug$/, SAMPLE_PRODUCT)];
  });
}

const PUBLIC_PAGES = publicPages(routes);

function csp(response: APIResponse) {
  return response.headers()["content-security-policy"] ?? "";
}

test.describe("cache das páginas anônimas", () => {
  test("/ guardada: os mesmos bytes para todos, scripts liberados por hash, nenhum nonce reaproveitado", async ({ request }) => {
    const first = await request.get("/");
    const second = await request.get("/");
    expect(second.headers()["x-page-cache"]).toBe("hit");
    const bodies = [];
    for (const response of [first, second]) {
      expect(response.status()).toBe(200);
      expect(csp(response)).not.toContain("'nonce-");
      const html = await response.text();
      expectScriptsAllowedByCsp(csp(response), html, "/");
      expect(response.headers()["cache-control"]).not.toMatch(/public|s-maxage/);
      bodies.push(html);
    }
    expect(bodies[0]).toBe(bodies[1]);
    expect(csp(second)).toBe(csp(first));

    const etag = second.headers()["etag"] ?? "";
    expect(etag).toBeTruthy();
    const revalidated = await request.get("/", { headers: { "if-none-match": etag } });
    expect(revalidated.status()).toBe(304);
  });

  test("uma página renderizada para quem entrou ainda tem nonce novo a cada resposta", async ({ playwright }) => {
    const customer = await playwright.request.newContext({ baseURL: BASE_URL, storageState: USERS.customer.storageState });
    try {
      const nonces = [];
      for (let visit = 0; visit < 2; visit++) {
        const response = await customer.get("/");
        const nonce = /'nonce-([^']+)'/.exec(csp(response))?.[1];
        expect(nonce).toBeTruthy();
        expectScriptsAllowedByCsp(csp(response), await response.text(), "/ com sessão");
        nonces.push(nonce);
      }
      expect(nonces[0]).not.toBe(nonces[1]);
    } finally {
      await customer.dispose();
    }
  });

  test("quem entrou nunca recebe a página guardada para visitantes", async ({ request, playwright }) => {
    // The anonymous copy exists first, so a wrong key would hand it over.
    expect((await request.get("/")).status()).toBe(200);
    expect((await request.get("/")).headers()["x-page-cache"]).toBe("hit");

    const customer = await playwright.request.newContext({ baseURL: BASE_URL, storageState: USERS.customer.storageState });
    try {
      for (const path of ["/", "/blog", "/_.data"]) {
        const response = await customer.get(path);
        expect(response.status(), path).toBe(200);
        expect(response.headers()["x-page-cache"], path).toBeUndefined();
        expect(response.headers()["cache-control"], path).toContain("no-store");
        const body = await response.text();
        expect(body, path).toContain(USERS.customer.email);
        if (path !== "/_.data") expect(body, path).not.toMatch(/>\s*Login\s*</);
      }
    } finally {
      await customer.dispose();
    }
  });

  test("a página guardada (brotli, scripts por hash) roda no navegador sem violar a CSP", async ({ page }) => {
    for (let visit = 0; visit < 2; visit++) {
      const response = await page.goto("/");
      expect(response?.status()).toBe(200);
      // React Router's client takes over only if the CSP let its module scripts run.
      await expect.poll(() => page.evaluate(() => "__reactRouterRouteModules" in window)).toBe(true);
    }
    // A client navigation: its .data comes from the cache too.
    await page.getByRole("contentinfo").getByRole("link", { name: "Blog & Dicas" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("a página guardada não tem dados de ninguém", async ({ request }) => {
    const html = await (await request.get("/")).text();
    for (const user of Object.values(USERS)) expect(html).not.toContain(user.email);
    expect(html).toMatch(/>\s*Login\s*</);
  });
});

test("sitemap.xml é XML e lista as páginas públicas e os posts publicados", async ({ request, page }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();

  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  for (const path of ["/", "/historia", "/contato", "/perguntas", "/blog", "/realidade-aumentada", "/privacidade", "/loja"]) {
    expect(locs).toContain(`${BASE_URL}${path}`);
  }
  for (const product of DEMO_CATALOGUE) {
    expect(locs.includes(`${BASE_URL}/loja/${product.slug}`), product.slug).toBe(product.isShownInShop);
  }
  for (const post of PUBLISHED) expect(locs).toContain(`${BASE_URL}/blog/${post.slug}`);
  for (const post of DRAFTS) expect(locs).not.toContain(`${BASE_URL}/blog/${post.slug}`);
  expect(xml).toMatch(new RegExp(`<loc>${BASE_URL}/blog/${SAMPLE_POST}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`));

  const parsed = await page.evaluate((source) => {
    const document = new DOMParser().parseFromString(source, "application/xml");
    return {
      error: document.querySelector("parsererror")?.textContent ?? null,
      urls: document.getElementsByTagName("url").length,
    };
  }, xml);
  expect(parsed).toEqual({ error: null, urls: locs.length });
});

test("robots.txt aponta o sitemap e fecha as áreas com login", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  const lines = (await response.text()).split("\n");
  expect(lines).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
  for (const path of ["/dashboard", "/api/", "/auth", "/inventory", "/configuracoes"])
    expect(lines).toContain(`Disallow: ${path}`);
  expect(lines).not.toContain("Disallow: /");
});

// The shop's LocalBusiness data is checked in first-run.spec.ts: it is left out while the shop's
// details are still the demo's, as on this server, and comes back once they are set.

test("toda página pública tem título, descrição, canônica e og:title", async ({ request }) => {
  expect(PUBLIC_PAGES).toContain("/");
  expect(PUBLIC_PAGES).toContain(`/blog/${SAMPLE_POST}`);
  expect(PUBLIC_PAGES).toEqual(expect.arrayContaining(["/loja", `/loja/${SAMPLE_PRODUCT}`]));
  for (const path of PUBLIC_PAGES) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head, `${path}: <title>`).toMatch(/<title>[^<]{10,}<\/title>/);
    expect(head, `${path}: description`).toMatch(/<meta name="description" content="[^"]{30,}"/);
    expect(head, `${path}: canônica`).toContain(`<link rel="canonical" href="${BASE_URL}${path === "/" ? "/" : path}"`);
    expect(head, `${path}: og:title`).toMatch(/<meta property="og:title" content="[^"]+"/);
  }
});
