/**
 * The first path segment of every signed-in route (see app/routes.ts; the
 * route-access test fails when the two disagree). The browser uses it to show
 * the session placeholder while such a page loads.
 */
export const PROTECTED_SEGMENTS: ReadonlySet<string> = new Set([
  "dashboard",
  "fidelidade",
  "minha-conta",
  "service-orders",
  "new-service-order",
  "pending-pickups",
  "customers",
  "inventory",
  "cash-register",
  "financial-management",
  "devedores",
  "cdc",
  "warranty-contract",
  "blog-management",
  "print-templates",
  "print-template-editor",
  "traffic-analysis",
  "equipe",
  "configuracoes",
  "auditoria",
  "dados-pessoais",
]);

export function isProtectedPath(pathname: string) {
  return PROTECTED_SEGMENTS.has(pathname.split("/")[1] ?? "");
}
