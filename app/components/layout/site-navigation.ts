/** Spec "Shared layout": the same entries, in this order, in the header and the drawer. */
export const SITE_NAVIGATION = [
  { to: "/", label: "Início" },
  { to: "/historia", label: "Nossa História" },
  { to: "/loja", label: "Loja" },
  { to: "/consultar", label: "Consultar Meu Conserto", isCallToAction: true },
  { to: "/blog", label: "Blog & Dicas" },
  { to: "/contato", label: "Contato" },
] as const;
