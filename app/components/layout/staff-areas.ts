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
  /** What the page will hold, shown as its empty state until the area's issue builds it. */
  comingContent: string;
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
    comingContent:
      "O resumo do dia e do mês: ordens abertas por status, aparelhos prontos, caixa, contas a receber e estoque baixo.",
  },
  serviceOrders: {
    to: "/service-orders",
    title: "Ordens de serviço",
    icon: ClipboardList,
    comingContent: "A lista de ordens de serviço com filtros por status, técnico e data.",
  },
  serviceOrderSearch: {
    to: "/service-orders/search",
    title: "Buscar ordem de serviço",
    icon: Search,
    comingContent: "A busca por número, código de acompanhamento, cliente, telefone, CPF, IMEI ou modelo.",
  },
  newServiceOrder: {
    to: "/new-service-order",
    title: "Nova ordem de serviço",
    icon: FilePlus2,
    comingContent: "O formulário de entrada do aparelho: cliente, aparelho, defeito, orçamento e prazo.",
  },
  pendingPickups: {
    to: "/pending-pickups",
    title: "Aguardando retirada",
    icon: PackageCheck,
    comingContent: "Os aparelhos prontos e não retirados, com dias de espera, lembrete por WhatsApp e registro de contatos.",
  },
  customers: {
    to: "/customers",
    title: "Clientes",
    icon: Contact,
    comingContent: "O cadastro de clientes, com busca por nome, telefone, CPF/CNPJ ou e-mail.",
  },
  inventory: {
    to: "/inventory",
    title: "Estoque",
    icon: Package,
    comingContent: "Produtos e peças, movimentações de estoque e a lista de itens no mínimo ou abaixo dele.",
  },
  cashRegister: {
    to: "/cash-register",
    title: "Caixa",
    icon: Banknote,
    comingContent: "Abertura e fechamento do caixa, vendas, suprimentos, sangrias e formas de pagamento.",
  },
  financialManagement: {
    to: "/financial-management",
    title: "Financeiro",
    icon: Wallet,
    comingContent: "Contas a receber e a pagar, despesas recorrentes, resultado do mês e fluxo de caixa.",
    isFinance: true,
  },
  debtors: {
    to: "/devedores",
    title: "Devedores",
    icon: HandCoins,
    comingContent: "Quem deve à loja: ordens entregues com saldo, parcelas de crediário atrasadas e fiados, por faixa de atraso.",
  },
  cdc: {
    to: "/cdc",
    title: "Crediário (CDC)",
    icon: CreditCard,
    comingContent: "Os planos de parcelamento, com cronograma, contrato e pagamento das parcelas.",
  },
  warranty: {
    to: "/warranty-contract",
    title: "Garantias",
    icon: ShieldCheck,
    comingContent: "Os termos de garantia emitidos, a busca por ordem, cliente ou IMEI e os acionamentos.",
  },
  loyalty: {
    to: "/fidelidade",
    title: "Fidelidade",
    icon: BadgePercent,
    comingContent: "O programa de fidelidade: pontos dos clientes, níveis, extrato e ajustes.",
  },
  blogManagement: {
    to: "/blog-management",
    title: "Blog",
    icon: Newspaper,
    comingContent: "Os posts do blog: rascunhos, agendados e publicados.",
  },
  printTemplates: {
    to: "/print-templates",
    title: "Modelos de impressão",
    icon: Printer,
    comingContent: "Os modelos de recibos, termos de garantia, contratos e etiquetas.",
  },
  printTemplateEditor: {
    to: "/print-template-editor",
    title: "Editor de modelo",
    icon: Printer,
    comingContent: "O editor de um modelo de impressão, com pré-visualização ao vivo.",
  },
  trafficAnalysis: {
    to: "/traffic-analysis",
    title: "Tráfego do site",
    icon: ChartLine,
    comingContent: "Visitas, visitantes, origens, campanhas e conversões do site, sem cookies.",
  },
  team: {
    to: "/equipe",
    title: "Equipe",
    icon: Users,
    comingContent: "Os membros da equipe: convites, funções e desativação.",
    isOwnerOnly: true,
  },
  settings: {
    to: "/configuracoes",
    title: "Configurações da loja",
    icon: Settings,
    comingContent: "Os dados da loja: nome, CNPJ, endereço, telefones, horários, redes sociais, chave PIX e garantia padrão.",
    isOwnerOnly: true,
  },
  audit: {
    to: "/auditoria",
    title: "Registro de auditoria",
    icon: ScrollText,
    comingContent: "Quem fez o quê e quando, em todas as áreas.",
    isOwnerOnly: true,
  },
  privacy: {
    to: "/dados-pessoais",
    title: "Dados pessoais (LGPD)",
    icon: Fingerprint,
    comingContent: "Pedidos de exclusão dos clientes com o prazo de 15 dias, exportação e anonimização dos dados de um cliente.",
    isOwnerOnly: true,
  },
} satisfies Record<string, StaffArea>;

export type StaffAreaKey = keyof typeof STAFF_AREAS;

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
