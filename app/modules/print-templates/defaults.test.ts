import { describe, expect, it } from "vitest";
import { withPreposition } from "~/lib/wording";
import { renderDocumentTemplate, renderTemplate } from "./engine.server";
import type { PrintKind } from "./kinds";
import type { Paper } from "./papers";
import { defaultTemplateOf } from "./render.server";

/** A document from its shipped template, locked clauses filled, as printing renders it. */
async function renderDefault(kind: PrintKind, paper: Paper, data: Record<string, unknown>) {
  return (await renderDocumentTemplate(kind, defaultTemplateOf(kind, paper), data)).html;
}

const SHOP = {
  nome: "Loja X",
  razao_social: "Loja X LTDA",
  cnpj: "12345678000195",
  endereco: "Rua A, 10",
  cidade: "São Paulo",
  uf: "SP",
  cep: "01001-000",
  whatsapp: "11987654321",
  email: "a@b.com",
};

const ORDER = {
  numero: 42,
  codigo: "K7QX-3MRA",
  url_consulta: "http://localhost:3000/consultar?codigo=K7QX3MRA",
  endereco_consulta: "http://localhost:3000/consultar",
  situacao: "Entregue",
  foi_reparado: true,
  entrada: "2026-11-20T13:05:00.000Z",
  previsao: "2026-11-25",
  entrega: "2026-11-20T22:30:00.000Z",
  retirado_por: "João Souza",
  cliente: { nome: "Ana <b>Souza</b>", telefone: "11912345678" },
  aparelho: { nome: "Celular · Apple iPhone 11", cor: "Preto", imei_serie: "356938035643809" },
  acessorios: "Capinha",
  estado_entrada: ["Tela trincada", "Liga"],
  observacoes_estado: "Risco na tampa",
  defeito_relatado: "Não carrega",
  diagnostico: "Conector ruim",
  itens: [
    { descricao: "Troca de conector", quantidade: 1, unitario: 15000, total: 15000 },
    { descricao: "Película", quantidade: 2, unitario: 2550, total: 5100 },
  ],
  subtotal: 20100,
  desconto: 1000,
  total: 19100,
  sinal: 5000,
  pago: 8000,
  saldo: 11100,
  garantia_dias: 90,
  garantia_ate: "2027-02-18",
  saldo_em_aberto_na_entrega: 11100,
};

/** An order just in: nothing optional filled, no quote, no payment. */
const BARE_ORDER = {
  ...ORDER,
  cliente: { nome: "B", telefone: "" },
  aparelho: { nome: "Notebook", cor: "", imei_serie: "" },
  acessorios: "",
  estado_entrada: [],
  observacoes_estado: "",
  diagnostico: "",
  itens: [],
  subtotal: 0,
  desconto: 0,
  total: 0,
  sinal: 0,
  pago: 0,
  saldo: 0,
  previsao: null,
  foi_reparado: false,
  garantia_ate: null,
  retirado_por: null,
  saldo_em_aberto_na_entrega: 0,
};

const CONTACT_LOG = {
  os: {
    numero: 42,
    codigo: "K7QX-3MRA",
    situacao: "Pronto para retirada",
    aguardando_desde: "2026-11-01T12:00:00.000Z",
    entrada: "2026-10-20T12:00:00.000Z",
    entrega: null,
    aparelho: { nome: "Celular · Moto G" },
    cliente: { nome: "Ana", telefone: "11912345678", email: "ana@x.com" },
  },
  tentativas: [
    { quando: "2026-11-02T15:00:00.000Z", meio: "WhatsApp", observacao: "sem resposta", registrado_por: "Maria" },
    { quando: "2026-11-09T15:00:00.000Z", meio: "Telefone", observacao: "", registrado_por: "João" },
  ],
  emitido_em: "2026-11-20T12:00:00.000Z",
};

/** The text a reader sees, one line per paragraph, list item, heading or cell; money's no-break space as a space. */
function visibleLines(html: string) {
  const entities: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&#34;": '"', "&#39;": "'", "&amp;": "&" };
  return html
    .replace(/<\/(p|li|tr|h1|h2|th|td|figcaption|caption)>/g, "$&\n")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(lt|gt|#34|#39|amp);/g, (entity) => entities[entity]!)
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/**
 * The defaults say what the receipts said when they were React pages
 * (issue 9 moved them onto templates "with identical content"): these lines
 * are the old pages' text, rendered from the same order.
 */
describe("the default templates", () => {
  it("print the delivery receipt on A4 as before", async () => {
    const html = await renderDefault("service-order-delivery", "a4", { loja: SHOP, os: ORDER, papel: "a4" });
    expect(visibleLines(html)).toEqual(DELIVERY_A4);
  });

  it("print the entry receipt of a bare order on the 80 mm roll as before", async () => {
    const html = await renderDefault("service-order-entry", "80mm", {
      loja: SHOP,
      os: BARE_ORDER,
      papel: "80mm",
    });
    expect(visibleLines(html)).toEqual(ENTRY_BARE_80MM);
  });

  const WARRANTY = {
    numero: 7,
    item: "Celular · Apple iPhone 11",
    imei_serie: "356938035643809",
    inicio: "2026-11-20",
    fim: "2027-02-18",
    dias: 90,
    dias_garantia_legal: 90,
    fim_garantia_legal: "2027-05-19",
    cobertura: "O serviço executado e as peças substituídas.",
    exclusoes: ["Danos causados por contato com líquido ou umidade.", "Quedas, impactos, pressão ou trincas."],
    cliente: { nome: "Ana <b>Souza</b>", telefone: "11912345678" },
    os: {
      numero: 42,
      entrega: "2026-11-20T22:30:00.000Z",
      retirado_por: "O próprio cliente",
      entregue_a: withPreposition("a", "O próprio cliente"),
      itens: [
        { descricao: "Troca de conector", quantidade: 1 },
        { descricao: "Película", quantidade: 2 },
      ],
      diagnostico: "Conector ruim",
    },
    venda: null,
  };

  it("print a repair's warranty term with its period, coverage, exclusions and the legal warranty after it", async () => {
    const html = await renderDefault("warranty-term", "a4", { loja: SHOP, garantia: WARRANTY, papel: "a4" });
    const lines = visibleLines(html);
    expect(lines).toContain("Termo de garantia nº 7 · OS nº 42");
    expect(lines).toContain("Entregue em 20/11/2026, 19:30 ao próprio cliente");
    expect(lines).toContain("Aparelho: Celular · Apple iPhone 11 · IMEI/série 356938035643809");
    expect(lines).toContain("Garantia contratual de 90 dias, de 20/11/2026 até 18/02/2027.");
    expect(lines).toContain("Terminada a garantia contratual, corre a garantia legal de 90 dias, até 19/05/2027.");
    expect(lines).toEqual(expect.arrayContaining(["Troca de conector", "Película (2)", "Defeito reparado: Conector ruim"]));
    expect(lines).toContain("Danos causados por contato com líquido ou umidade.");
    expect(html).toContain("Ana &lt;b&gt;Souza&lt;/b&gt;");
    const legal = lines.find((line) => line.startsWith("Esta garantia complementa a garantia legal"));
    expect(legal).toMatch(/art\. 50\).*90 dias nos produtos e serviços duráveis.*contado depois do fim dela, até 19\/05\/2027\./);
  });

  it("print a sold unit's warranty term with its IMEI and sale", async () => {
    const sold = {
      ...WARRANTY,
      item: "iPhone 12 128 GB",
      os: null,
      venda: { numero: 12, codigo: "VENDA12", data: "2026-11-20T15:00:00.000Z" },
    };
    const lines = visibleLines(await renderDefault("warranty-term", "80mm", { loja: SHOP, garantia: sold, papel: "80mm" }));
    expect(lines).toContain("Termo de garantia nº 7 · Venda nº 12");
    expect(lines).toContain("Produto: iPhone 12 128 GB · IMEI/série 356938035643809");
    expect(lines).toContain("Assinatura do cliente");
    expect(lines.some((line) => line.startsWith("Defeito reparado"))).toBe(false);
  });

  it("print the pickup contact log on the 80 mm roll as before", async () => {
    const html = await renderDefault("pickup-contact-log", "80mm", {
      loja: SHOP,
      ...CONTACT_LOG,
      papel: "80mm",
    });
    expect(visibleLines(html)).toEqual(CONTACT_LOG_80MM);
  });
});

const DELIVERY_A4 = [
  "Loja X",
  "Loja X LTDA",
  "CNPJ 12.345.678/0001-95",
  "Rua A, 10 – São Paulo/SP – CEP 01001-000",
  "WhatsApp (11) 98765-4321 · a@b.com",
  "Comprovante de entrega · OS nº 42",
  "Código de acompanhamento: K7QX-3MRA",
  "Entrada: 20/11/2026, 10:05",
  "Entrega: 20/11/2026, 19:30",
  "Consulte pelo QR code",
  "Cliente",
  "Nome: Ana <b>Souza</b>",
  "Telefone: (11) 91234-5678",
  "Aparelho",
  "Aparelho: Celular · Apple iPhone 11",
  "Cor: Preto",
  "IMEI/série: 356938035643809",
  "Acessórios deixados: Capinha",
  "Estado na entrada: Tela trincada, Liga",
  "Observações do estado: Risco na tampa",
  "Defeito relatado: Não carrega",
  "Diagnóstico: Conector ruim",
  "Orçamento e pagamentos",
  "Descrição",
  "Qtd.",
  "Unitário",
  "Total",
  "Troca de conector",
  "1",
  "R$ 150,00",
  "R$ 150,00",
  "Película",
  "2",
  "R$ 25,50",
  "R$ 51,00",
  "Subtotal",
  "R$ 201,00",
  "Desconto",
  "− R$ 10,00",
  "Total",
  "R$ 191,00",
  "Sinal",
  "R$ 50,00",
  "Pago",
  "R$ 80,00",
  "Saldo a pagar",
  "R$ 111,00",
  "Entrega e garantia",
  "Situação: Entregue",
  "Retirado por: João Souza",
  "Garantia: 90 dias, até 18/02/2027",
  "O cliente declara ter recebido o aparelho descrito acima, testado na sua presença, com os acessórios listados.",
  "Garantia de 90 dias para o serviço executado e as peças substituídas, até 18/02/2027 (Código de Defesa do Consumidor, art. 26, II). A garantia não cobre quedas, contato com líquido, mau uso, nem aparelho aberto ou consertado por terceiros depois desta entrega. Para usá-la, traga este comprovante.",
  "O saldo de R$ 111,00 ficou em aberto na entrega e foi registrado como débito do cliente.",
  "Assinatura de quem retirou",
  "João Souza",
  "Assinatura da loja",
  "Loja X",
];

const ENTRY_BARE_80MM = [
  "Loja X",
  "Loja X LTDA",
  "CNPJ 12.345.678/0001-95",
  "Rua A, 10 – São Paulo/SP – CEP 01001-000",
  "WhatsApp (11) 98765-4321 · a@b.com",
  "Comprovante de entrada · OS nº 42",
  "Código de acompanhamento: K7QX-3MRA",
  "Entrada: 20/11/2026, 10:05",
  "Consulte pelo QR code",
  "Cliente",
  "Nome: B",
  "Aparelho",
  "Aparelho: Notebook",
  "Acessórios deixados: Nenhum",
  "Estado na entrada: Sem itens marcados",
  "Defeito relatado: Não carrega",
  "Orçamento e pagamentos",
  "Orçamento a definir após o diagnóstico.",
  "Condições",
  "Guarde este comprovante: ele é pedido na retirada. Sem ele, o aparelho é entregue ao titular, com documento com foto.",
  "Nenhum reparo é feito sem a aprovação do orçamento pelo cliente, na loja, por telefone, por WhatsApp ou pela consulta online.",
  "Acompanhe o andamento em http://localhost:3000/consultar com o código K7QX-3MRA, ou pelo QR code deste comprovante.",
  "Os acessórios não listados acima não ficaram na loja. Recomendamos retirar o chip e o cartão de memória e fazer cópia dos dados.",
  "O prazo prometido é uma previsão e pode mudar se for preciso encomendar peças; avisaremos pelo telefone informado.",
  "O serviço executado tem garantia de 90 dias a partir da entrega (Código de Defesa do Consumidor, art. 26, II).",
  "Concluído o serviço, recusado o orçamento ou constatada a falta de reparo, o cliente é avisado para retirar o aparelho. Aparelhos não retirados em até 90 dias após o aviso continuam guardados, e a loja registra cada tentativa de contato; as providências seguintes serão as previstas em lei.",
  "O orçamento informado é válido por 10 (dez) dias, contados do seu recebimento pelo cliente, salvo prazo diferente escrito nele (Código de Defesa do Consumidor, art. 40, § 1º).",
  "Assinatura do cliente",
  "B",
  "Assinatura da loja",
  "Loja X",
];

const CONTACT_LOG_80MM = [
  "Loja X",
  "Loja X LTDA",
  "CNPJ 12.345.678/0001-95",
  "Rua A, 10 – São Paulo/SP – CEP 01001-000",
  "WhatsApp (11) 98765-4321 · a@b.com",
  "Registro de contatos para retirada · OS nº 42",
  "Código de acompanhamento: K7QX-3MRA",
  "Aparelho: Celular · Moto G",
  "Entrada na loja: 20/10/2026",
  "Situação: Pronto para retirada desde 01/11/2026",
  "Cliente: Ana · (11) 91234-5678 · ana@x.com",
  "Tentativas de contato, da mais antiga para a mais recente",
  "Data e hora",
  "Meio",
  "Observação",
  "02/11/2026, 12:00",
  "WhatsApp",
  "sem resposta",
  "09/11/2026, 12:00",
  "Telefone",
  "—",
  "2 tentativas registradas. Emitido em 20/11/2026, 09:00.",
  "Responsável pela loja",
  "Loja X",
];

describe("the shop's header on every default document", () => {
  it("shows the shop's logo when it has one, and none otherwise", async () => {
    const source = defaultTemplateOf("service-order-entry", "a4");
    const withLogo = await renderTemplate(source, {
      loja: { ...SHOP, logo_url: "/arquivos/0123456789abcdef0123456789abcdef-512.png" },
      os: ORDER,
      papel: "a4",
    });
    expect(withLogo).toContain('<img class="logo-loja" src="/arquivos/0123456789abcdef0123456789abcdef-512.png" alt="">');
    const withoutLogo = await renderTemplate(source, { loja: { ...SHOP, logo_url: null }, os: ORDER, papel: "a4" });
    expect(withoutLogo).not.toContain("logo-loja");
  });

  it("names a CPF as a CPF (a shop run by one person)", async () => {
    const html = await renderDefault("service-order-entry", "a4", {
      loja: { ...SHOP, cnpj: "529.982.247-25", documento_rotulo: "CPF" },
      os: ORDER,
      papel: "a4",
    });
    expect(html).toContain("<p>CPF 529.982.247-25</p>");
  });
});

const MOVEMENT = {
  numero: 7,
  tipo: "Sangria",
  e_sangria: true,
  caixa: 3,
  quando: "2026-11-20T21:00:00.000Z",
  valor: 30_000,
  motivo: "Depósito <b>no banco</b>",
  registrado_por: "Ana Caixa",
  cancelado: null,
};

const CLOSING = {
  numero: 3,
  abertura: "2026-11-20T11:00:00.000Z",
  aberto_por: "Ana Caixa",
  fechamento: "2026-11-20T21:30:00.000Z",
  fechado_por: "Bia Dona",
  fundo: 10_000,
  formas: [
    { nome: "Dinheiro", esperado: 42_000, conferido: 41_500, diferenca: -500 },
    { nome: "PIX", esperado: 12_000, conferido: 12_000, diferenca: 0 },
  ],
  diferenca: -500,
  cedulas: [{ nome: "R$ 200", quantidade: 2, total: 40_000 }],
  observacao: "Faltou troco",
  total_vendas: 42000,
  total_recebimentos: 5000,
  total_devolucoes: 1500,
  total_suprimentos: 2000,
  total_sangrias: 3000,
  pix_pendentes: 1,
  pix_pendentes_valor: 2_000,
  lancamentos: [
    {
      quando: "2026-11-20T12:00:00.000Z",
      tipo: "Pagamento de OS",
      origem: "OS nº 42",
      forma: "Dinheiro",
      por: "Ana Caixa",
      valor: 35_000,
      cancelado: false,
      motivo_cancelamento: null,
    },
    {
      quando: "2026-11-20T13:00:00.000Z",
      tipo: "Suprimento",
      origem: "Troco",
      forma: "Dinheiro",
      por: "Ana Caixa",
      valor: 5_000,
      cancelado: true,
      motivo_cancelamento: "Lançado em dobro",
    },
  ],
};

describe("the register's documents", () => {
  it("print a sangria's slip with the amount, the reason escaped and two signature lines", async () => {
    const html = await renderDefault("cash-movement-slip", "80mm", {
      loja: SHOP,
      movimento: MOVEMENT,
      emitido_em: "2026-11-20T21:05:00.000Z",
      papel: "80mm",
    });
    const lines = visibleLines(html);
    expect(lines).toEqual(
      expect.arrayContaining([
        "Sangria · lançamento nº 7",
        "Caixa: nº 3",
        "Data e hora: 20/11/2026, 18:00",
        "Valor: R$ 300,00",
        "Motivo: Depósito <b>no banco</b>",
        "Declaro que retirei do caixa a quantia acima.",
        "Responsável pelo caixa",
        "Quem recebeu o dinheiro",
      ]),
    );
    expect(html).not.toContain("<b>no banco</b>");
  });

  it("print the closing report on A4 and 80 mm: expected, counted and difference per method, notes counted, every entry", async () => {
    for (const paper of ["a4", "80mm"] as const) {
      const html = await renderDefault("cash-register-closing", paper, {
        loja: SHOP,
        caixa: CLOSING,
        emitido_em: "2026-11-20T21:31:00.000Z",
        papel: paper,
      });
      // One line per cell: a row reads as its cells joined.
      const text = visibleLines(html).join(" | ");
      for (const expected of [
        "Fechamento de caixa · nº 3",
        "Fundo de troco: R$ 100,00",
        "Dinheiro | R$ 420,00 | R$ 415,00 | − R$ 5,00",
        "Diferença total | − R$ 5,00",
        "R$ 200 | 2 | R$ 400,00",
        "PIX sem conferência no banco ao fechar: 1 (R$ 20,00).",
        "Vendas | R$ 420,00",
        "Recebimentos | R$ 50,00",
        "Devoluções | R$ 15,00",
        "Suprimentos | R$ 20,00",
        "Sangrias | R$ 30,00",
        "Faltou troco",
        "OS nº 42",
        "Responsável pelo fechamento",
      ]) {
        expect(text, paper).toContain(expected);
      }
      expect(text, paper).toMatch(/CANCELADO/);
    }
  });
});
