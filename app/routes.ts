import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * Every page of Balcão. The layout a route sits under decides who may open it
 * (tests/e2e/route-access.spec.ts reads this tree to check every route):
 * _site public, _account signed-in, _staff owner or staff, _owner owner only.
 */
export default [
  layout("routes/_site/layout.tsx", [
    index("routes/_site/home.tsx"),
    route("historia", "routes/_site/historia.tsx"),
    route("contato", "routes/_site/contato.tsx"),
    route("perguntas", "routes/_site/perguntas.tsx"),
    route("blog", "routes/_site/blog.tsx"),
    route("blog/:id", "routes/_site/blog-post.tsx"),
    route("loja", "routes/_site/loja.tsx"),
    route("loja/:slug", "routes/_site/loja-produto.tsx"),
    route("realidade-aumentada", "routes/_site/realidade-aumentada.tsx"),
    route("privacidade", "routes/_site/privacidade.tsx"),
    route("consultar", "routes/_site/consultar.tsx"),
    route("auth", "routes/_auth/auth.tsx"),
    route("auth/esqueci-senha", "routes/_auth/forgot-password.tsx"),
    route("auth/nova-senha", "routes/_auth/reset-password.tsx"),
    route("auth/convite", "routes/_auth/staff-invite.tsx"),
    route("auth/configurar", "routes/_auth/owner-setup.tsx"),
    route("*", "routes/_site/not-found.tsx"),
  ]),
  layout("routes/_account/layout.tsx", [
    route("dashboard", "routes/_account/dashboard.tsx"),
    route("fidelidade", "routes/_account/fidelidade.tsx"),
    layout("routes/_staff/layout.tsx", [
      route("service-orders", "routes/_staff/service-orders.tsx"),
      route("service-orders/search", "routes/_staff/service-orders-search.tsx"),
      route("new-service-order", "routes/_staff/service-order-form.tsx", { id: "new-service-order" }),
      route("service-orders/:id/edit", "routes/_staff/service-order-form.tsx", { id: "edit-service-order" }),
      route("service-orders/:id/print/:document", "routes/_staff/service-order-print.tsx"),
      route("pending-pickups", "routes/_staff/pending-pickups.tsx"),
      route("customers", "routes/_staff/customers.tsx"),
      route("customers/new", "routes/_staff/customer-form.tsx", { id: "new-customer" }),
      route("customers/:id", "routes/_staff/customer-form.tsx", { id: "edit-customer" }),
      route("customers/lookup", "routes/_staff/customers-lookup.ts"),
      route("inventory", "routes/_staff/inventory.tsx"),
      route("cash-register", "routes/_staff/cash-register.tsx"),
      route("financial-management", "routes/_staff/financial-management.tsx"),
      route("devedores", "routes/_staff/devedores.tsx"),
      route("cdc", "routes/_staff/cdc.tsx"),
      route("warranty-contract", "routes/_staff/warranty-contract.tsx"),
      route("blog-management", "routes/_staff/blog-management.tsx"),
      route("print-templates", "routes/_staff/print-templates.tsx"),
      route("print-template-editor", "routes/_staff/print-template-editor.tsx", { id: "new-print-template" }),
      route("print-template-editor/:id", "routes/_staff/print-template-editor.tsx", { id: "edit-print-template" }),
      route("traffic-analysis", "routes/_staff/traffic-analysis.tsx"),
      layout("routes/_owner/layout.tsx", [
        route("equipe", "routes/_owner/equipe.tsx"),
        route("configuracoes", "routes/_owner/configuracoes.tsx"),
        route("configuracoes/demonstracao", "routes/_owner/demo-data.tsx"),
        route("auditoria", "routes/_owner/auditoria.tsx"),
      ]),
    ]),
  ]),
  route("api/auth/*", "routes/api.auth.ts"),
  route("arquivos/:file", "routes/arquivos.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
] satisfies RouteConfig;
