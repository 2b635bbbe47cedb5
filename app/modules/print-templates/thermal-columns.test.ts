import { describe, expect, it } from "vitest";
import { printStyles } from "~/components/print/print-styles";
import { renderDocumentTemplate } from "./engine.server";
import { PRINT_KINDS, type PrintKind } from "./kinds";
import { papersOf } from "./papers";
import { defaultTemplateOf } from "./render.server";

/**
 * A thermal printer writes a fixed grid: 48 characters a line on the 80 mm
 * roll, 32 on the 58 mm one (its 72 mm and 48 mm of printable width, 1.5 mm
 * a character). A default reads well there when nothing it prints needs a
 * longer line than that: a table's columns, each at its narrowest (a money
 * cell kept whole, a text cell as wide as its longest word), side by side;
 * a code or a value kept on one line. Long prose wraps by itself; a word
 * longer than the line (a URL) breaks anywhere (the roll's stylesheet).
 */
const COLUMNS = { "80mm": 48, "58mm": 32 } as const;

/** Text as printed: tags dropped, entities read; the no-break space kept (it holds "R$ 1.234,56" together). */
function textOf(html: string) {
  const entities: Record<string, string> = {
    "&lt;": "<",
    "&gt;": ">",
    "&#34;": '"',
    "&#39;": "'",
    "&amp;": "&",
    "&nbsp;": "\u00a0",
  };
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&(lt|gt|#34|#39|amp|nbsp);/g, (entity) => entities[entity]!)
    .replace(/[ \t\r\n]+/g, " ")
    .trim();
}

const KEPT_WHOLE = /<(\w+)\b[^>]*class="[^"]*\b(?:num|nowrap|codigo)\b[^"]*"[^>]*>([\s\S]*?)<\/\1>/g;

/** The narrowest a piece of HTML can be, in characters: its longest piece kept whole, or its longest word. */
function narrowest(html: string, isKeptWhole: boolean) {
  if (isKeptWhole) return textOf(html).length;
  let widest = 0;
  const rest = html.replace(KEPT_WHOLE, (_match, _tag, inner: string) => {
    widest = Math.max(widest, textOf(inner).length);
    return " ";
  });
  for (const word of textOf(rest).split(" ")) widest = Math.max(widest, word.length);
  return widest;
}

type Cell = { minWidth: number; span: number; text: string };

/** Each table's rows, each row's cells at their narrowest. */
function tablesOf(html: string): Cell[][][] {
  return [...html.matchAll(/<table\b[\s\S]*?<\/table>/g)].map(([table]) =>
    [...table.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row]) =>
      [...row!.matchAll(/<(td|th)\b([^>]*)>([\s\S]*?)<\/\1>/g)].map(([, , attributes, inner]) => ({
        minWidth: narrowest(inner!, /class="[^"]*\b(?:num|nowrap)\b/.test(attributes!)),
        span: Number(/colspan="(\d+)"/.exec(attributes!)?.[1] ?? 1),
        text: textOf(inner!),
      })),
    ),
  );
}

/** A table's narrowest width: its columns at their narrowest, one character between neighbours. */
function tableWidth(rows: Cell[][]) {
  const columns: number[] = [];
  let widestRow = 0;
  for (const row of rows) {
    let index = 0;
    let rowWidth = 0;
    for (const cell of row) {
      if (cell.span === 1) columns[index] = Math.max(columns[index] ?? 0, cell.minWidth);
      rowWidth += cell.minWidth;
      index += cell.span;
    }
    widestRow = Math.max(widestRow, rowWidth + row.length - 1);
  }
  const byColumns = columns.reduce((sum, width) => sum + (width ?? 0), 0) + columns.length - 1;
  return Math.max(byColumns, widestRow);
}

/** What does not fit `columns`: tables too wide and pieces kept whole that are longer than a line. */
function overflowsOf(html: string, columns: number) {
  const problems: string[] = [];
  for (const rows of tablesOf(html)) {
    const width = tableWidth(rows);
    if (width > columns) {
      const widest = rows.reduce((best, row) => (row.length > best.length ? row : best), rows[0] ?? []);
      problems.push(`tabela de ${width} colunas: ${widest.map((cell) => cell.text).join(" | ")}`);
    }
  }
  const outsideTables = html.replace(/<table\b[\s\S]*?<\/table>/g, " ");
  for (const [, , inner] of outsideTables.matchAll(KEPT_WHOLE)) {
    const text = textOf(inner!);
    if (text.length > columns) problems.push(`texto sem quebra de ${text.length} colunas: ${text}`);
  }
  return problems;
}

const SHOP = {
  nome: "Assistência Técnica Conserto Rápido",
  razao_social: "Conserto Rápido Assistência Técnica em Eletrônicos Ltda",
  cnpj: "12345678000195",
  documento_rotulo: "CNPJ",
  endereco: "Avenida Governador Carvalho Pinto, 1234, sala 5",
  cidade: "São José dos Campos",
  uf: "SP",
  cep: "12245-000",
  whatsapp: "12987654321",
  email: "atendimento@consertorapido.com.br",
};

const CUSTOMER = { nome: "Maria Aparecida dos Santos Oliveira", telefone: "12912345678" };

const ORDER = {
  numero: 12345,
  codigo: "K7QX-3MRA",
  url_consulta: "https://consertorapido.com.br/consultar?codigo=K7QX3MRA",
  endereco_consulta: "https://consertorapido.com.br/consultar",
  situacao: "Entregue",
  foi_reparado: true,
  entrada: "2026-11-20T13:05:00.000Z",
  previsao: "2026-11-25",
  entrega: "2026-11-24T22:30:00.000Z",
  retirado_por: "João Carlos dos Santos Oliveira (marido)",
  cliente: CUSTOMER,
  aparelho: { nome: "Celular · Samsung Galaxy A54 5G", cor: "Verde-limão", imei_serie: "356938035643809" },
  acessorios: "Capinha, carregador original e cabo USB-C",
  estado_entrada: ["Tela trincada", "Liga", "Sem senha informada"],
  observacoes_estado: "Risco profundo na tampa traseira",
  defeito_relatado: "Não carrega e a tela pisca quando esquenta",
  diagnostico: "Conector de carga oxidado; flex da tela rompido",
  itens: [
    { descricao: "Troca de tela (frontal completa) original", quantidade: 1, unitario: 123_456, total: 123_456 },
    { descricao: "Substituição do conector de carga", quantidade: 1, unitario: 15_000, total: 15_000 },
    { descricao: "Película de vidro 3D", quantidade: 12, unitario: 2_550, total: 30_600 },
  ],
  subtotal: 169_056,
  desconto: 10_000,
  total: 159_056,
  sinal: 50_000,
  pago: 80_000,
  saldo: 79_056,
  garantia_dias: 90,
  garantia_ate: "2027-02-22",
  saldo_em_aberto_na_entrega: 79_056,
};

const SAMPLES: Record<Exclude<PrintKind, "device-label" | "debt-reminder-letter">, Record<string, unknown>> = {
  "service-order-entry": { loja: SHOP, os: ORDER },
  "service-order-delivery": { loja: SHOP, os: ORDER },
  // The warranty term reads its own `garantia` (modules/warranty-terms/term-data.ts), for a repair or a sold unit.
  "warranty-term": {
    loja: SHOP,
    os: ORDER,
    garantia: {
      numero: 4321,
      item: ORDER.aparelho.nome,
      imei_serie: ORDER.aparelho.imei_serie,
      inicio: "2026-11-24",
      fim: "2027-05-23",
      dias: 180,
      dias_garantia_legal: 90,
      fim_garantia_legal: "2027-08-21",
      cobertura: "O serviço executado e as peças substituídas nesta ordem de serviço.",
      exclusoes: ["Danos causados por contato com líquido ou umidade.", "Aparelho aberto por terceiros depois da entrega."],
      cliente: CUSTOMER,
      os: {
        numero: ORDER.numero,
        entrega: ORDER.entrega,
        retirado_por: ORDER.retirado_por,
        itens: ORDER.itens,
        diagnostico: ORDER.diagnostico,
      },
      venda: null,
    },
  },
  "pickup-contact-log": {
    loja: SHOP,
    os: {
      ...ORDER,
      aguardando_desde: "2026-11-01T12:00:00.000Z",
      entrega: null,
      cliente: { ...CUSTOMER, email: "maria.aparecida@example.com" },
    },
    tentativas: [
      {
        quando: "2026-11-02T15:00:00.000Z",
        meio: "WhatsApp",
        observacao: "Visualizou e não respondeu",
        registrado_por: "Ana Paula",
      },
      { quando: "2026-11-09T15:00:00.000Z", meio: "Telefone", observacao: "", registrado_por: "João" },
    ],
    emitido_em: "2026-11-20T12:00:00.000Z",
  },
  "sale-receipt": {
    loja: SHOP,
    venda: {
      numero: 4321,
      codigo: "VENDA4321",
      data: "2026-11-20T13:05:00.000Z",
      vendedor: "Camila Ferreira",
      cliente: CUSTOMER,
      cancelada: false,
      motivo_cancelamento: "",
      itens: [
        {
          descricao: "Carregador turbo 25 W Samsung original",
          quantidade: 2,
          unitario: 12_990,
          bruto: 25_980,
          desconto: 1_000,
          total: 24_980,
        },
        { descricao: "Impressão colorida A4", quantidade: 150, unitario: 200, bruto: 30_000, desconto: 0, total: 30_000 },
      ],
      subtotal: 55_980,
      descontos: 1_000,
      total: 54_980,
      pagamentos: [
        { forma: "Dinheiro", valor: 4_980, parcelas: 1 },
        { forma: "Cartão de crédito", valor: 50_000, parcelas: 10 },
      ],
      recebido: 10_000,
      troco: 5_020,
      tem_crediario: false,
    },
  },
  "sale-return-slip": {
    loja: SHOP,
    devolucao: {
      numero: 98765,
      data: "2026-11-22T13:05:00.000Z",
      venda: { numero: 4321, codigo: "VENDA4321", data: "2026-11-20T13:05:00.000Z" },
      cliente: CUSTOMER,
      motivo: "Carregador não serviu no aparelho da cliente",
      feita_por: "Camila Ferreira",
      itens: [
        { descricao: "Carregador turbo 25 W Samsung original", quantidade: 2, unitario: 12_990, desconto: 1_000, total: 24_980 },
        { descricao: "Impressão colorida A4", quantidade: 150, unitario: 200, desconto: 0, total: 30_000 },
      ],
      total: 54_980,
      destinos: [
        { forma: "Abatido do crediário nº 12345", valor: 40_000 },
        { forma: "Estorno no cartão de crédito", valor: 10_000 },
        { forma: "Crédito na loja", valor: 4_980 },
      ],
    },
  },
  "cash-movement-slip": {
    loja: SHOP,
    movimento: {
      numero: 987,
      tipo: "Sangria",
      e_sangria: true,
      caixa: 123,
      quando: "2026-11-20T21:00:00.000Z",
      valor: 1_234_500,
      motivo: "Depósito no banco do movimento da semana",
      registrado_por: "Ana Paula Caixa",
      cancelado: null,
    },
    emitido_em: "2026-11-20T21:05:00.000Z",
  },
  "cash-register-closing": {
    loja: SHOP,
    caixa: {
      numero: 123,
      abertura: "2026-11-20T11:00:00.000Z",
      aberto_por: "Ana Paula Caixa",
      fechamento: "2026-11-20T21:30:00.000Z",
      fechado_por: "Beatriz Proprietária",
      fundo: 20_000,
      formas: [
        { nome: "Dinheiro", esperado: 1_234_500, conferido: 1_234_000, diferenca: -500 },
        { nome: "Cartão de crédito", esperado: 987_650, conferido: 987_650, diferenca: 0 },
        { nome: "PIX", esperado: 120_000, conferido: 120_000, diferenca: 0 },
      ],
      diferenca: -500,
      cedulas: [
        { nome: "R$ 200", quantidade: 52, total: 1_040_000 },
        { nome: "R$ 0,05", quantidade: 13, total: 65 },
      ],
      observacao: "Faltou troco de moedas no fim do dia",
      pix_pendentes: 1,
      pix_pendentes_valor: 2_000,
      lancamentos: [
        {
          quando: "2026-11-20T12:00:00.000Z",
          tipo: "Pagamento de OS",
          origem: "OS nº 12345",
          forma: "Cartão de crédito",
          por: "Ana Paula Caixa",
          valor: 123_456,
          cancelado: true,
          motivo_cancelamento: "Lançado em dobro",
        },
      ],
    },
    emitido_em: "2026-11-20T21:31:00.000Z",
  },
  "credit-contract": {
    loja: SHOP,
    contrato: {
      numero: 321,
      data: "2026-11-20",
      validade_oferta: "2026-11-27",
      origem: "Venda nº 4321",
      cliente: { ...CUSTOMER, documento: "52998224725", documento_rotulo: "CPF", endereco: "Rua das Acácias, 45" },
      preco_a_vista: 1_234_567,
      entrada: 234_567,
      valor_financiado: 1_000_000,
      tarifa: 1_500,
      juros_total: 123_456,
      taxa_mensal: "1,99%",
      taxa_anual: "26,68%",
      cet_mensal: "2,05%",
      cet_anual: "27,53%",
      parcelas_qtd: 12,
      parcela_valor: 93_621,
      parcelas: Array.from({ length: 12 }, (_, index) => ({
        numero: index + 1,
        vencimento: `2027-${String(index + 1).padStart(2, "0")}-20`,
        valor: 93_621,
        juros: 19_900,
        amortizacao: 73_721,
        saldo: 1_000_000 - 73_721 * (index + 1),
      })),
      total_parcelas: 1_123_456,
      total_com_financiamento: 1_359_523,
      total_sem_financiamento: 1_234_567,
      multa: "2,00%",
      juros_mora: "1,00%",
    },
  },
  "credit-payment-receipt": {
    loja: SHOP,
    pagamento: {
      numero: 555,
      crediario: 321,
      data: "2026-12-20T15:00:00.000Z",
      cliente: CUSTOMER,
      recebido_por: "Ana Paula Caixa",
      cancelado: false,
      motivo_cancelamento: "",
      quitacao: false,
      parcelas: [1, 2],
      total_parcelas: 12,
      encargos: 1_234,
      juros: 39_800,
      principal: 147_442,
      desconto_juros: 0,
      juros_parcelas: 39_800,
      valor: 188_476,
      forma: "Cartão de débito",
      saldo: 935_214,
    },
    emitido_em: "2026-12-20T15:01:00.000Z",
  },
};

describe("the thermal defaults read well at 48 columns (80 mm) and 32 (58 mm)", () => {
  const kinds = Object.keys(SAMPLES) as (keyof typeof SAMPLES)[];

  it("has a sample for every kind printed on a roll", () => {
    const onRolls = (Object.keys(PRINT_KINDS) as PrintKind[]).filter((kind) => papersOf(kind).some((paper) => paper in COLUMNS));
    expect(onRolls.sort()).toEqual([...kinds].sort());
  });

  for (const kind of kinds) {
    for (const paper of ["80mm", "58mm"] as const) {
      it(`${kind} em ${paper}`, async () => {
        const { html } = await renderDocumentTemplate(kind, defaultTemplateOf(kind, paper), { ...SAMPLES[kind], papel: paper });
        expect(overflowsOf(html, COLUMNS[paper])).toEqual([]);
      });
    }
  }

  it("sizes each roll to its grid and breaks a word longer than the line", () => {
    for (const [paper, columns] of Object.entries(COLUMNS)) {
      const styles = printStyles(paper as keyof typeof COLUMNS);
      expect(styles).toContain(`.documento[data-papel="${paper}"] { width: ${columns}ch;`);
      expect(styles).toMatch(/\.documento:not\(\[data-papel="a4"\]\) \{[^}]*overflow-wrap: anywhere/);
    }
  });
});

describe("the column check", () => {
  it("measures a table by its columns at their narrowest and a money cell whole", () => {
    const html = `<table><tr><td>Substituição do conector</td><td class="num">12</td><td class="num">R$\u00a01.234,56</td></tr>
      <tr><th colspan="2">Total</th><td class="num">R$\u00a012.345,67</td></tr></table>`;
    expect(tableWidth(tablesOf(html)[0]!)).toBe("Substituição".length + 1 + 2 + 1 + "R$ 12.345,67".length);
    expect(overflowsOf(html, 28)).toEqual([]);
    expect(overflowsOf(html, 27)).toHaveLength(1);
    expect(overflowsOf('<p>Código: <strong class="codigo">K7QX-3MRA</strong></p>', 8)).toEqual([
      "texto sem quebra de 9 colunas: K7QX-3MRA",
    ]);
  });
});
