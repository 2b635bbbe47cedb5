import type { PrintKind } from "./kinds";

/**
 * Clauses the law requires in a printed document. A template places one
 * with `{% clausula "name" %}` wherever its layout wants it, but the text is
 * the one written here, filled with the document's own data (never the
 * template's variables): a shop's template can move a clause, not rewrite
 * it. A template that leaves out a clause its kind requires is refused by
 * the editor, and a document printed from it gets the clause at its end
 * anyway (engine.server.ts, renderDocumentTemplate).
 */
export const LOCKED_CLAUSES = {
  validade_orcamento: {
    title: "Validade do orçamento (CDC art. 40)",
    kinds: ["service-order-entry"],
    source: `<p>O orçamento informado é válido por 10 (dez) dias, contados do seu recebimento pelo cliente, salvo prazo diferente escrito nele (Código de Defesa do Consumidor, art. 40, § 1º).</p>`,
  },
  garantia_legal: {
    title: "Garantia legal (CDC arts. 26 e 50)",
    kinds: ["warranty-term"],
    source: `<section>
  <h2>Garantia legal</h2>
  <p>Esta garantia complementa a garantia legal e não a substitui (Código de Defesa do Consumidor, art. 50). Pela lei, o consumidor pode reclamar de defeitos aparentes em até 90 dias nos produtos e serviços duráveis, como o reparo de um aparelho, e em até 30 dias nos não duráveis, como impressões (art. 26, I e II); sendo complementar, a garantia contratual não consome esse prazo: ele é contado depois do fim dela{% if garantia.fim_garantia_legal %}, até {{ garantia.fim_garantia_legal | data }}{% endif %}. De um defeito oculto, o prazo começa quando ele ficar evidente (art. 26, § 3º).</p>
</section>`,
  },
  // A rate pair or the CET's parts wrap between their halves (`valor`), never inside one: 32 columns hold one half.
  crediario_condicoes: {
    title: "Condições do crediário (CDC arts. 52 e 54-B)",
    kinds: ["credit-contract"],
    source: `<section>
  <h2>Condições (CDC, arts. 52 e 54-B)</h2>
  <table>
    <tbody>
      <tr><th scope="row">Preço à vista</th><td class="num">{{ contrato.preco_a_vista | moeda }}</td></tr>
      <tr><th scope="row">Entrada</th><td class="num">{{ contrato.entrada | moeda }}</td></tr>
      <tr><th scope="row">Valor financiado</th><td class="num">{{ contrato.valor_financiado | moeda }}</td></tr>
      <tr><th scope="row">Taxa de juros efetiva</th><td class="valor"><span class="nowrap">{{ contrato.taxa_mensal }} a.m.</span> · <span class="nowrap">{{ contrato.taxa_anual }} a.a.</span></td></tr>
      <tr><th scope="row">Custo Efetivo Total (CET)</th><td class="valor"><span class="nowrap">{{ contrato.cet_mensal }} a.m.</span> · <span class="nowrap">{{ contrato.cet_anual }} a.a.</span></td></tr>
      {% if contrato.tarifa > 0 %}<tr><th scope="row">Tarifa de cadastro</th><td class="valor">{{ contrato.tarifa | moeda }}{% if contrato.tarifa_forma %}, {{ contrato.tarifa_forma }}{% endif %}</td></tr>{% endif %}
      <tr><th scope="row">Composição do CET</th><td class="valor"><span class="nowrap">juros {{ contrato.juros_total | moeda }}</span> · <span class="nowrap">tarifa {{ contrato.tarifa | moeda }}</span></td></tr>
      {% if contrato.bens.size > 0 %}<tr><th scope="row">Bens e serviços financiados</th><td class="valor">{% for bem in contrato.bens %}{% unless forloop.first %}; {% endunless %}{{ bem.quantidade }} × {{ bem.descricao }}{% endfor %}</td></tr>{% endif %}
      <tr><th scope="row">Parcelas</th><td class="num">{% if contrato.parcelas_grupos.size > 0 %}{% for grupo in contrato.parcelas_grupos %}{% unless forloop.first %} + {% endunless %}<span class="nowrap">{{ grupo.qtd }} × {{ grupo.valor | moeda }}</span>{% endfor %}{% else %}{{ contrato.parcelas_qtd }} × {{ contrato.parcela_valor | moeda }}{% endif %}</td></tr>
      <tr><th scope="row">Total a prazo (entrada + tarifa + parcelas)</th><td class="num">{{ contrato.total_com_financiamento | moeda }}</td></tr>
      <tr><th scope="row">Total à vista</th><td class="num">{{ contrato.total_sem_financiamento | moeda }}</td></tr>
    </tbody>
  </table>
  <p>O CET é a taxa anual que iguala o valor liberado ao cliente (valor financiado menos a tarifa) às parcelas, cada uma descontada pelos dias corridos entre a data do contrato e o seu vencimento divididos por 365 (Resolução CMN nº 4.881/2020, art. 4º), expressa com duas casas decimais; o CET ao mês é a taxa mensal equivalente.</p>
</section>`,
  },
  crediario_atraso_antecipacao: {
    title: "Atraso e pagamento antecipado (CDC art. 52, §§ 1º e 2º)",
    kinds: ["credit-contract"],
    source: `<section>
  <h2>Atraso e pagamento antecipado</h2>
  <p>Parcela paga depois do vencimento: multa de {{ contrato.multa }} (no máximo 2%, CDC art. 52, § 1º) e juros de mora de {{ contrato.juros_mora }} ao mês, proporcionais aos dias de atraso.</p>
  <p>O cliente pode pagar antes do vencimento, no todo ou em parte, com redução proporcional dos juros (CDC art. 52, § 2º): a quitação é o saldo devedor depois do último vencimento passado mais os juros do contrato, pro rata die, desde então; o pagamento antecipado parcial paga os juros já decorridos e abate o restante do saldo, sem juros de período que ainda não correu. Pagamento parcial quita primeiro os encargos, depois os juros, depois o principal (Código Civil, art. 354).</p>
  <p>Esta oferta vale até {{ contrato.validade_oferta | data }}.</p>
</section>`,
  },
} as const satisfies Record<string, { title: string; kinds: readonly PrintKind[]; source: string }>;

export type ClauseName = keyof typeof LOCKED_CLAUSES;

export const CLAUSE_NAMES = Object.keys(LOCKED_CLAUSES) as ClauseName[];

export function isClauseName(name: string): name is ClauseName {
  return Object.hasOwn(LOCKED_CLAUSES, name);
}

/** The clauses a document of `kind` must carry, in the order they are appended when a template leaves them out. */
export function requiredClausesOf(kind: PrintKind): ClauseName[] {
  return CLAUSE_NAMES.filter((name) => (LOCKED_CLAUSES[name].kinds as readonly PrintKind[]).includes(kind));
}
