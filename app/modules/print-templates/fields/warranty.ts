import { fieldsOf } from "./field";

/** The "warranty-term" template's `garantia` (modules/warranty-terms/term-data.ts builds it): a repair's (`os`) or a sold item's (`venda`). */
export const WARRANTY_FIELDS = fieldsOf([
  ["garantia.numero", "Número da garantia (para o cliente informar ao acionar)"],
  ["garantia.item", "O que está coberto: o aparelho consertado ou o produto vendido"],
  ["garantia.imei_serie", "IMEI ou número de série; vazio quando não há"],
  ["garantia.inicio", "Primeiro dia da garantia contratual (filtro data)"],
  ["garantia.fim", "Último dia da garantia contratual (filtro data)"],
  ["garantia.dias", "Dias da garantia contratual (90 ou mais)"],
  ["garantia.dias_garantia_legal", "Dias da garantia legal, contados depois da contratual (90 para bens duráveis)"],
  ["garantia.fim_garantia_legal", "Último dia da garantia legal (filtro data)"],
  ["garantia.cobertura", "O que a garantia cobre, como a loja escreveu"],
  ["garantia.exclusoes[]", "Cada item do que a garantia não cobre ({% for exclusao in garantia.exclusoes %})"],
  ["garantia.cliente.nome", "Nome do cliente"],
  ["garantia.cliente.telefone", "Telefone do cliente (filtro telefone)"],
  ["garantia.os", "A ordem de serviço do conserto; vazio na garantia de uma venda"],
  ["garantia.os.numero", "Número da OS"],
  ["garantia.os.entrega", "Quando o aparelho foi entregue (filtro data_hora)"],
  ["garantia.os.retirado_por", "Quem retirou o aparelho"],
  ["garantia.os.entregue_a", "Quem retirou, depois de “Entregue”: “ao próprio cliente”, “a Maria Souza”"],
  ["garantia.os.itens[].descricao", "Cada serviço ou peça da OS: descrição"],
  ["garantia.os.itens[].quantidade", "Cada serviço ou peça da OS: quantidade"],
  ["garantia.os.diagnostico", "O defeito reparado, como o técnico registrou"],
  ["garantia.venda", "A venda do produto; vazio na garantia de um conserto"],
  ["garantia.venda.numero", "Número da venda"],
  ["garantia.venda.codigo", "Código da venda no recibo"],
  ["garantia.venda.data", "Quando a venda foi feita (filtro data_hora)"],
]);

/** A repair's warranty, every field filled; the sale fields too, so the preview shows both kinds of term. */
export const SAMPLE_WARRANTY = {
  numero: 318,
  item: "Celular · Samsung Galaxy A54",
  imei_serie: "356938035643809",
  inicio: "2026-11-24",
  fim: "2027-02-22",
  dias: 90,
  dias_garantia_legal: 90,
  fim_garantia_legal: "2027-05-23",
  cobertura: "O serviço executado e as peças substituídas nesta ordem de serviço.",
  exclusoes: [
    "Danos causados por contato com líquido ou umidade.",
    "Quedas, impactos, pressão ou trincas, na tela ou na carcaça.",
    "Aparelho aberto, ajustado ou consertado por terceiros depois desta entrega.",
  ],
  cliente: { nome: "Mariana Albuquerque", telefone: "11987654321" },
  os: {
    numero: 1042,
    entrega: "2026-11-24T20:15:00.000Z",
    retirado_por: "O próprio cliente",
    entregue_a: "ao próprio cliente",
    itens: [
      { descricao: "Troca de tela (original)", quantidade: 1 },
      { descricao: "Película de vidro", quantidade: 2 },
    ],
    diagnostico: "Display quebrado após queda; touch sem resposta",
  },
  venda: { numero: 877, codigo: "V-877", data: "2026-11-24T18:40:00.000Z" },
};
