import { createHash } from "node:crypto";
import { expect } from "@playwright/test";

/**
 * Every script of a page must be one the page's CSP lets run: with a nonce
 * policy, each tag carries the header's nonce; a page from the anonymous page
 * cache has no nonce and its policy lists the hash of each inline script
 * (docs/decisions/0004-anonymous-page-cache.md). Scripts with `src` come
 * from this site either way.
 */
export function expectScriptsAllowedByCsp(csp: string, html: string, label: string) {
  expect(csp, `${label}: script-src só do próprio site`).toMatch(/script-src 'self'/);
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts.length, `${label}: a página tem scripts`).toBeGreaterThan(0);
  for (const [tag, attributes = "", content = ""] of scripts) {
    const src = /\ssrc="([^"]*)"/.exec(attributes)?.[1];
    if (src) expect(src, `${label}: ${tag}`).toMatch(/^\/(?!\/)/);
    if (nonce) {
      expect(attributes, `${label}: ${tag.slice(0, 80)}`).toContain(`nonce="${nonce}"`);
    } else if (!src && content.trim()) {
      const hash = createHash("sha256").update(content, "utf8").digest("base64");
      expect(csp, `${label}: hash de ${tag.slice(0, 80)}`).toContain(`'sha256-${hash}'`);
    }
  }
  if (!nonce) expect(html, `${label}: sem nonce na página sem nonce na CSP`).not.toContain("nonce=");
}
