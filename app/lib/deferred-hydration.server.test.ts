import { describe, expect, it } from "vitest";
import { deferHydration } from "./deferred-hydration.server";

/** The shape React Router 8.4 writes (trimmed manifest), after the page cache removed the nonces. */
const PAGE = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-B.js"/><link rel="modulepreload" href="/assets/framework-C.js"/><link rel="modulepreload" href="/assets/root-D.js"/><link rel="modulepreload" href="/assets/home-E.js"/></head><body><main>Olá</main><script>window.__reactRouterContext = {"ssr":true};</script><script type="module" async="">;
import * as route0 from "/assets/root-D.js";
import * as route1 from "/assets/home-E.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-B.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/_site/home":route1};

import("/assets/entry.client-B.js");</script></body></html>`;

describe("deferHydration", () => {
  const deferred = deferHydration(PAGE);
  const boot = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(deferred)?.[1] ?? "";

  it("removes the modulepreload links and the boot script's static imports", () => {
    expect(deferred).not.toContain("modulepreload");
    expect(boot).not.toMatch(/^import \* as/m);
  });

  it("imports the route modules after a painted frame, under the names the rest of the script uses", () => {
    expect(boot.indexOf("requestAnimationFrame")).toBeLessThan(boot.indexOf("import("));
    expect(boot).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-D.js"), import("/assets/home-E.js")]);',
    );
    expect(boot).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/_site/home":route1};');
    expect(boot.trimEnd().endsWith('import("/assets/entry.client-B.js");')).toBe(true);
  });

  it("keeps the page and its other scripts as they were", () => {
    expect(deferred).toContain("<main>Olá</main>");
    expect(deferred).toContain('<script>window.__reactRouterContext = {"ssr":true};</script>');
  });

  it("leaves a page of another shape untouched (no boot script, or one without route imports)", () => {
    const plain =
      '<html><head><link rel="modulepreload" href="/a.js"/></head><body><script type="module">x</script></body></html>';
    expect(deferHydration(plain)).toBe(plain);
    const noImports = '<html><body><script type="module" async="">window.x = 1;</script></body></html>';
    expect(deferHydration(noImports)).toBe(noImports);
  });
});
