import { basisPointsToPercentText, formatCents } from "~/lib/money";

/**
 * How the audit log reads to the owner: areas (groups of the recorded
 * entities), actions in words, the page of a record, and an entry's details
 * as lines, with anything secret withheld. Pure, so the page, the CSV and the
 * tests agree.
 */

export type AuditArea = { label: string; entities: readonly string[] };

export const AUDIT_AREAS = {
  acesso: { label: "Equipe e acesso", entities: ["user", "staff_invite", "auth", "audit_log"] },
  ordens: { label: "Ordens de serviço", entities: ["service_order"] },
  clientes: { label: "Clientes", entities: ["customer"] },
  estoque: { label: "Estoque e produtos", entities: ["product", "stock_count"] },
  caixa: { label: "Caixa e vendas", entities: ["cash-register", "register-entry", "sale"] },
  financeiro: {
    label: "Financeiro",
    entities: [
      "finance-entry",
      "finance-account",
      "finance-category",
      "finance-recurring",
      "finance-transfer",
      "card_receivable",
      "card_fee_rates",
      "supplier",
    ],
  },
  credito: { label: "Crediário e devedores", entities: ["credit_plan", "debt"] },
  garantias: { label: "Garantias", entities: ["warranty"] },
  site: {
    label: "Site e conteúdo",
    entities: ["blog_post", "review", "faq_entry", "site_text", "shop_service", "upload", "traffic"],
  },
  documentos: { label: "Documentos impressos", entities: ["print_template"] },
  configuracoes: { label: "Configurações", entities: ["shop_settings"] },
  privacidade: { label: "Dados pessoais (LGPD)", entities: ["data_deletion_request"] },
  fidelidade: { label: "Fidelidade", entities: ["loyalty", "loyalty_rule_versions"] },
} as const satisfies Record<string, AuditArea>;

export type AuditAreaKey = keyof typeof AUDIT_AREAS;

export const AUDIT_AREA_KEYS = Object.keys(AUDIT_AREAS) as AuditAreaKey[];

export function isAuditAreaKey(value: string): value is AuditAreaKey {
  return Object.hasOwn(AUDIT_AREAS, value);
}

export function areaLabelOf(entity: string): string {
  for (const area of Object.values(AUDIT_AREAS)) {
    if ((area.entities as readonly string[]).includes(entity)) return area.label;
  }
  return "Outros";
}

/** The action in words; an action not named here reads as recorded (a new one is never hidden). */
const ACTION_LABELS: Record<string, string> = {
  "auth.sign-in": "Entrou no sistema",
  "auth.sign-in.failed": "Tentativa de entrar recusada",
  "auth.password-reset": "Trocou a senha pelo link de redefinição",
  "auth.password-change": "Trocou a senha",
  "owner.setup": "Configurou a loja (primeiro acesso)",
  "user.role.set": "Mudou o papel de uma pessoa",
  "team.invite.create": "Convidou para a equipe",
  "team.invite.resend": "Reenviou convite",
  "team.invite.revoke": "Cancelou convite",
  "team.invite.accept": "Aceitou convite",
  "customer.create": "Cadastrou cliente",
  "customer.update": "Alterou cliente",
  "service-order.create": "Abriu ordem de serviço",
  "service-order.update": "Alterou ordem de serviço",
  "service-order.status.change": "Mudou a situação da ordem",
  "service-order.deliver": "Entregou o aparelho",
  "service-order.payment.add": "Registrou pagamento da ordem",
  "service-order.payment.reverse": "Estornou pagamento da ordem",
  "service-order.pickup-contact.create": "Registrou aviso de retirada",
  "service-order.unlock-code.view": "Viu a senha de desbloqueio",
  "product.create": "Cadastrou produto",
  "product.update": "Alterou produto",
  "product.import": "Importou produtos",
  "stock.entry": "Entrada de estoque",
  "stock.adjustment": "Ajuste de estoque",
  "stock.write-off": "Baixa de unidade",
  "stock.import-count": "Importou contagem",
  "stock-count.start": "Iniciou contagem de estoque",
  "stock-count.item": "Contou item",
  "stock-count.close": "Fechou contagem de estoque",
  "cash-register.open": "Abriu o caixa",
  "cash-register.close": "Fechou o caixa",
  "cash-register.sangria": "Sangria",
  "cash-register.suprimento": "Suprimento",
  "cash-register.entry.cancel": "Cancelou movimento do caixa",
  "cash-register.pix.confirm": "Confirmou PIX",
  "sale.record": "Registrou venda",
  "sale.cancel": "Cancelou venda",
  "sale.return": "Registrou devolução",
  "finance.entry.create": "Criou lançamento",
  "finance.entry.update": "Alterou lançamento",
  "finance.entry.pay": "Baixou lançamento",
  "finance.entry.redate": "Mudou vencimento",
  "finance.entry.split": "Dividiu lançamento",
  "finance.entry.cancel": "Cancelou lançamento",
  "finance.account.create": "Criou conta",
  "finance.account.update": "Alterou conta",
  "finance.account.archive": "Arquivou conta",
  "finance.account.roles": "Mudou quem usa a conta",
  "finance.category.create": "Criou categoria",
  "finance.category.update": "Alterou categoria",
  "finance.recurring.create": "Criou despesa recorrente",
  "finance.recurring.update": "Alterou despesa recorrente",
  "finance.recurring.archive": "Encerrou despesa recorrente",
  "finance.transfer": "Transferiu entre contas",
  "finance.card-fees.update": "Alterou taxas de cartão",
  "finance.card-receivable.date": "Mudou data de recebível de cartão",
  "supplier.create": "Cadastrou fornecedor",
  "supplier.update": "Alterou fornecedor",
  "credit.plan.create": "Abriu crediário",
  "credit.plan.cancel": "Cancelou crediário",
  "credit-plan.payment.cancel": "Cancelou pagamento do crediário",
  "debt.iou.create": "Registrou fiado",
  "debt.payment": "Recebeu pagamento de dívida",
  "debt.payment.cancel": "Cancelou pagamento de dívida",
  "debt.contact.create": "Registrou cobrança",
  "debt.reminder.send": "Enviou lembrete de dívida",
  "debtors.settlement": "Acerto de dívidas",
  "warranty.issue": "Emitiu garantia",
  "warranty.claim": "Registrou acionamento de garantia",
  "blog_post.delete": "Apagou post",
  "blog_post.publish_scheduled": "Publicou post agendado",
  "blog_post.unpublish": "Despublicou post",
  "review.create": "Cadastrou avaliação",
  "review.update": "Alterou avaliação",
  "review.delete": "Apagou avaliação",
  "review.move": "Reordenou avaliações",
  "review.import": "Importou avaliações",
  "faq.create": "Criou pergunta frequente",
  "faq.update": "Alterou pergunta frequente",
  "faq.delete": "Apagou pergunta frequente",
  "faq.move": "Reordenou perguntas",
  "site_text.update": "Alterou texto do site",
  "upload.create": "Enviou arquivo",
  "demo.remove": "Apagou os dados de demonstração",
  "credit-plan.payoff-correction": "Corrigiu quitação pela regra antiga",
  "customer.consent-by-customer": "Cliente mudou o consentimento de marketing",
  "customer.change-request-dismissed": "Descartou alteração pedida pelo cliente",
  "account.profile-update": "Cliente alterou o perfil",
  "privacy.export": "Exportou dados pessoais",
  "finance-entry.export": "Exportou lançamentos (CSV)",
  "product.export": "Exportou o estoque (CSV)",
  "traffic.export": "Exportou o tráfego do site (CSV)",
  "audit.export": "Exportou o registro de auditoria (CSV)",
  "customer.referral-from-link": "Indicação registrada pelo link",
  "loyalty.rules.change": "Alterou as regras da fidelidade",
  "loyalty.adjust": "Ajustou pontos de fidelidade",
  "service-order.loyalty-discount": "Aplicou desconto de fidelidade",
  "service-order.loyalty-discount-removed": "Retirou desconto de fidelidade",
  "privacy.anonymise": "Anonimizou cliente",
  "privacy.deletion-request": "Pediu a exclusão da conta",
  "privacy.deletion-request.complete": "Atendeu pedido de exclusão",
  "shop-settings.update": "Alterou as configurações da loja",
  "shop-settings.confirm": "Confirmou os dados da loja",
  "print_template.create": "Criou modelo de documento",
  "print_template.update": "Alterou modelo de documento",
  "print_template.delete": "Apagou modelo de documento",
  "print_template.duplicate": "Duplicou modelo de documento",
  "print_template.make_default": "Definiu modelo padrão",
  "print_template.restore_shipped": "Restaurou modelo original",
  "print_template.use_shipped": "Voltou ao modelo original",
  "print_template.move": "Reordenou modelos",
  "shop_service.create": "Criou serviço do site",
  "shop_service.update": "Alterou serviço do site",
  "shop_service.delete": "Apagou serviço do site",
  "shop_service.move": "Reordenou serviços do site",
  "shop_service.duplicate": "Duplicou serviço do site",
};

export function actionLabelOf(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** Where a record of this entity is seen, when it has a page of its own. */
const RECORD_PAGES: Record<string, (id: string) => string> = {
  service_order: (id) => `/service-orders/${id}/edit`,
  customer: (id) => `/customers/${id}`,
  product: (id) => `/inventory/${id}`,
  stock_count: (id) => `/inventory/contagem/${id}`,
  "cash-register": (id) => `/cash-register/${id}`,
  sale: (id) => `/cash-register/vendas/${id}`,
  "finance-entry": (id) => `/financial-management/lancamentos/${id}`,
  supplier: (id) => `/financial-management/fornecedores/${id}`,
  credit_plan: (id) => `/cdc/${id}`,
  warranty: (id) => `/warranty-contract/${id}`,
  blog_post: (id) => `/blog-management/posts/${id}`,
  review: (id) => `/blog-management/avaliacoes/${id}`,
  print_template: (id) => `/print-template-editor/${id}`,
  loyalty: (id) => `/fidelidade?cliente=${id}`,
};

export function recordPageOf(entity: string, entityId: string | null): string | null {
  if (!entityId || !/^\d{1,12}$/.test(entityId)) return null;
  return RECORD_PAGES[entity]?.(entityId) ?? null;
}

/** Keys whose values are never shown, even if a careless caller recorded one. */
const SECRET_KEY = /(senha|password|secret|token|unlock(?!Kind)|pattern|pin\b|cookie|hash)/i;
export const WITHHELD = "(oculto)";

export type DetailLine = { field: string; before?: string; after?: string; value?: string };

/**
 * An entry's details as lines: a change reads "before → after" (recorded as
 * `{ before, after }` objects, or a field's `{ from, to }`), anything else as
 * its value; nested values flattened as "a.b"; secrets withheld.
 */
export function detailLinesOf(details: Record<string, unknown>): DetailLine[] {
  const lines: DetailLine[] = [];
  const { before, after, ...rest } = details;
  if (isPlainObject(before) || isPlainObject(after)) {
    const was = isPlainObject(before) ? before : {};
    const now = isPlainObject(after) ? after : {};
    for (const field of new Set([...Object.keys(was), ...Object.keys(now)])) {
      const [from, to] = [shown(field, was[field]), shown(field, now[field])];
      if (from !== to) lines.push({ field, before: from, after: to });
    }
  } else {
    if (before !== undefined) rest.before = before;
    if (after !== undefined) rest.after = after;
  }
  flatten(rest, "", lines);
  return lines;
}

function flatten(value: Record<string, unknown>, prefix: string, lines: DetailLine[]) {
  for (const [key, inner] of Object.entries(value)) {
    const field = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(inner) && ("from" in inner || "to" in inner) && Object.keys(inner).length <= 2) {
      lines.push({ field, before: shown(key, inner.from), after: shown(key, inner.to) });
    } else if (isPlainObject(inner) && !SECRET_KEY.test(key)) {
      flatten(inner, field, lines);
    } else {
      lines.push({ field, value: shown(key, inner) });
    }
  }
}

function shown(key: string, value: unknown): string {
  if (SECRET_KEY.test(key)) return WITHHELD;
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "sim" : "não";
  if (typeof value === "number" && Number.isSafeInteger(value) && key.endsWith("Cents")) return formatCents(value);
  if (typeof value === "number" && Number.isSafeInteger(value) && key.endsWith("BasisPoints")) {
    return `${basisPointsToPercentText(value)}%`;
  }
  if (typeof value === "string") return VALUE_LABELS[value] ?? value;
  if (typeof value === "number") return String(value);
  return JSON.stringify(value, (innerKey, inner: unknown) => (innerKey && SECRET_KEY.test(innerKey) ? WITHHELD : inner));
}

/** Recorded values that are words of the code: roles. */
const VALUE_LABELS: Record<string, string> = { owner: "proprietário", staff: "equipe", customer: "cliente" };

/** The recorded fields in words; a field not listed shows as recorded (never hidden). */
const FIELD_LABELS: Record<string, string> = {
  accountId: "Conta",
  accounts: "Contas",
  address: "Endereço",
  allowNegativeStock: "Permite estoque negativo",
  amountCents: "Valor",
  answer: "Resposta",
  at: "Quando",
  attemptedAt: "Tentativa em",
  authorName: "Autor",
  by: "Por",
  cep: "CEP",
  channel: "Canal",
  city: "Cidade",
  closures: "Fechamentos",
  cnpj: "CNPJ",
  code: "Código",
  countedQuantity: "Quantidade contada",
  creditLateFeeBasisPoints: "Multa do crediário",
  creditLateInterestMonthlyBasisPoints: "Juros de mora do crediário ao mês",
  customerId: "Cliente",
  customerIds: "Clientes",
  defaultWarrantyDays: "Garantia padrão (dias)",
  deliveredTo: "Entregue a",
  description: "Descrição",
  detailsConfirmed: "Dados confirmados",
  discountCents: "Desconto",
  dueOn: "Vencimento",
  email: "E-mail",
  expectedQuantity: "Quantidade esperada",
  fields: "Campos",
  filters: "Filtros",
  financedCents: "Valor financiado",
  from: "De",
  isPublished: "Publicado",
  items: "Itens",
  kind: "Tipo",
  legalName: "Razão social",
  level: "Nível",
  linesTotalCents: "Total dos itens",
  lineSuppliers: "Fornecedores das peças",
  logoUploadId: "Logotipo",
  loyaltyDiscountCents: "Desconto de fidelidade",
  marketingConsent: "Consentimento de marketing",
  maxCreditMonthlyRateBasisPoints: "Taxa máxima do crediário ao mês",
  method: "Forma de pagamento",
  name: "Nome",
  note: "Observação",
  openingBalanceCents: "Saldo inicial",
  openingDate: "Data de abertura",
  owedCents: "Valor devido",
  paidAt: "Pago em",
  paidDate: "Data do pagamento",
  period: "Período",
  phone: "Telefone",
  phones: "Telefones",
  pixDiscountBasisPoints: "Desconto no PIX",
  pixKey: "Chave PIX",
  pixKeyType: "Tipo da chave PIX",
  previousStatus: "Situação anterior",
  priceCents: "Preço",
  publishedAt: "Publicado em",
  quantity: "Quantidade",
  question: "Pergunta",
  rating: "Nota",
  reason: "Motivo",
  removed: "Removido",
  reviewUrl: "Link de avaliações",
  role: "Função",
  serial: "Número de série",
  slug: "Endereço",
  socialLinks: "Redes sociais",
  source: "Origem",
  state: "UF",
  status: "Situação",
  stockQuantity: "Estoque",
  supplier: "Fornecedor",
  table: "Tabela",
  text: "Texto",
  title: "Título",
  to: "Para",
  totalCents: "Total",
  transferDate: "Data da transferência",
  weeklyHours: "Horário de funcionamento",
  whatsapp: "WhatsApp",
};

/** A detail's field in words: "changes.reviewUrl" reads "Link de avaliações"; a nested field keeps its parent's name. */
export function fieldLabelOf(field: string): string {
  const parts = field.split(".").filter((part, index, all) => !(index === 0 && all.length > 1 && part === "changes"));
  return parts.map((part) => FIELD_LABELS[part] ?? part).join(" › ");
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** One line of text per detail, for the CSV. */
export function detailText(lines: readonly DetailLine[]): string {
  return lines
    .map((line) =>
      line.value !== undefined
        ? `${fieldLabelOf(line.field)}: ${line.value}`
        : `${fieldLabelOf(line.field)}: ${line.before} → ${line.after}`,
    )
    .join("; ");
}
