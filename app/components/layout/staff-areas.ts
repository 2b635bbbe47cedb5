import {
  BadgePercent,
  Banknote,
  ChartLine,
  ClipboardList,
  Contact,
  CreditCard,
  FilePlus2,
  Fingerprint,
  HandCoins,
  LayoutDashboard,
  Newspaper,
  Package,
  PackageCheck,
  Printer,
  ScrollText,
  Search,
  Settings,
  ShieldCheck,
  Users,
  Wallet,
  type LucideIcon,
} from "lucide-react";

export type StaffArea = {
  to: string;
  title: string;
  icon: LucideIcon;
  isOwnerOnly?: boolean;
  /** Finance: the owner, and staff granted "Financeiro" (modules/accounts/roles.ts canSeeFinance). */
  isFinance?: boolean;
};

/** The back office's areas, in the sidebar's order. */
export const STAFF_AREAS = {
  dashboard: {
    to: "/dashboard",
    title: "Painel",
    icon: LayoutDashboard,
  },
  serviceOrders: {
    to: "/service-orders",
    title: "Ordens de serviço",
    icon: ClipboardList,
  },
  serviceOrderSearch: {
    to: "/service-orders/search",
    title: "Buscar ordem de serviço",
    icon: Search,
  },
  newServiceOrder: {
    to: "/new-service-order",
    title: "Nova ordem de serviço",
    icon: FilePlus2,
  },
  pendingPickups: {
    to: "/pending-pickups",
    title: "Aguardando retirada",
    icon: PackageCheck,
  },
  customers: {
    to: "/customers",
    title: "Clientes",
    icon: Contact,
  },
  inventory: {
    to: "/inventory",
    title: "Estoque",
    icon: Package,
  },
  cashRegister: {
    to: "/cash-register",
    title: "Caixa",
    icon: Banknote,
  },
  financialManagement: {
    to: "/financial-management",
    title: "Financeiro",
    icon: Wallet,
    isFinance: true,
  },
  debtors: {
    to: "/devedores",
    title: "Devedores",
    icon: HandCoins,
  },
  cdc: {
    to: "/cdc",
    title: "Crediário (CDC)",
    icon: CreditCard,
  },
  warranty: {
    to: "/warranty-contract",
    title: "Garantias",
    icon: ShieldCheck,
  },
  loyalty: {
    to: "/fidelidade",
    title: "Fidelidade",
    icon: BadgePercent,
  },
  blogManagement: {
    to: "/blog-management",
    title: "Blog",
    icon: Newspaper,
  },
  printTemplates: {
    to: "/print-templates",
    title: "Modelos de impressão",
    icon: Printer,
  },
  printTemplateEditor: {
    to: "/print-template-editor",
    title: "Editor de modelo",
    icon: Printer,
  },
  trafficAnalysis: {
    to: "/traffic-analysis",
    title: "Tráfego do site",
    icon: ChartLine,
  },
  team: {
    to: "/equipe",
    title: "Equipe",
    icon: Users,
    isOwnerOnly: true,
  },
  settings: {
    to: "/configuracoes",
    title: "Configurações da loja",
    icon: Settings,
    isOwnerOnly: true,
  },
  audit: {
    to: "/auditoria",
    title: "Registro de auditoria",
    icon: ScrollText,
    isOwnerOnly: true,
  },
  privacy: {
    to: "/dados-pessoais",
    title: "Dados pessoais (LGPD)",
    icon: Fingerprint,
    isOwnerOnly: true,
  },
} satisfies Record<string, StaffArea>;

export type StaffAreaKey = keyof typeof STAFF_AREAS;

/** The id of an area's drawing in navigation-icons.svg. */
export const navigationIconId = (key: StaffAreaKey) => `icone-${key}`;

/**
 * The sidebar item a page belongs to: the area whose address is the longest
 * whole-segment prefix of the page's (`/cdc/12/pagar` is the crediário's,
 * `/service-orders/search` the search's, not the orders'), the template
 * editor counting as the templates' page; null when none is.
 */
export function sidebarAreaOf(pathname: string): StaffAreaKey | null {
  const path = pathname.startsWith(STAFF_AREAS.printTemplateEditor.to) ? STAFF_AREAS.printTemplates.to : pathname;
  let best: StaffAreaKey | null = null;
  for (const key of SIDEBAR_AREAS) {
    const { to } = STAFF_AREAS[key];
    const isWithin = path === to || path.startsWith(`${to}/`);
    if (isWithin && (best === null || to.length > STAFF_AREAS[best].to.length)) best = key;
  }
  return best;
}

/** The sidebar: every area but the editor, which opens from the templates list. */
export const SIDEBAR_AREAS: StaffAreaKey[] = [
  "dashboard",
  "serviceOrders",
  "serviceOrderSearch",
  "newServiceOrder",
  "pendingPickups",
  "customers",
  "inventory",
  "cashRegister",
  "financialManagement",
  "debtors",
  "cdc",
  "warranty",
  "loyalty",
  "blogManagement",
  "printTemplates",
  "trafficAnalysis",
  "team",
  "settings",
  "audit",
  "privacy",
];
