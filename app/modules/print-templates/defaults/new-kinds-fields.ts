/**
 * What the device label's and the debt letter's templates can print, as
 * `[path, description]` pairs in the field catalogue's form, and realistic
 * sample data with every field filled (the editor's preview and check
 * render with it; the shop's fields, `loja`, come from the catalogue's own).
 * Built by `labelData` (service-orders/print-documents.server.ts) and
 * `printDebtReminderLetter` (debtors/letter.server.ts).
 */
export const DEVICE_LABEL_FIELD_PAIRS: [string, string][] = [
  ["os.numero", "Número da OS"],
  ["os.codigo", "Código de acompanhamento (K7QX-3MRA)"],
  ["os.url_consulta", "Endereço da consulta já com o código (use com o filtro qrcode)"],
  ["os.previsao", "Data prometida (filtro data); vazio quando não há"],
  ["os.cliente.primeiro_nome", "Primeiro nome do cliente (a etiqueta fica à vista: sem sobrenome nem telefone)"],
  ["os.aparelho.nome", "Tipo, marca e modelo do aparelho"],
];

export const DEVICE_LABEL_SAMPLE = {
  os: {
    numero: 1042,
    codigo: "K7QX-3MRA",
    url_consulta: "https://consertafacil.com.br/consultar?codigo=K7QX3MRA",
    previsao: "2026-11-28",
    cliente: { primeiro_nome: "Mariana" },
    aparelho: { nome: "Celular · Samsung Galaxy A54" },
  },
};

export const DEBT_LETTER_FIELD_PAIRS: [string, string][] = [
  ["cliente.nome", "Nome completo do cliente (a carta é só para ele)"],
  ["cliente.primeiro_nome", "Primeiro nome do cliente, para a saudação"],
  ["cliente.endereco", "Endereço do cliente (rua e número); vazio quando não cadastrado"],
  ["cliente.bairro", "Bairro do cliente"],
  ["cliente.cidade", "Cidade do cliente"],
  ["cliente.uf", "Estado do cliente (UF)"],
  ["cliente.cep", "CEP do cliente"],
  ["cobranca.data", "Data da carta (filtro data)"],
  ["cobranca.itens", "Valores em aberto, do vencimento mais antigo ao mais novo (use em um laço for)"],
  ["cobranca.itens[].descricao", "O que é devido (OS, parcela do crediário, fiado)"],
  ["cobranca.itens[].vencimento", "Vencimento (filtro data)"],
  ["cobranca.itens[].dias_atraso", "Dias de atraso; 0 quando ainda não venceu"],
  ["cobranca.itens[].valor", "Valor em aberto em centavos (filtro moeda)"],
  ["cobranca.vencido", "Total vencido em centavos (filtro moeda)"],
  ["cobranca.a_vencer", "Total que ainda vai vencer, em centavos (filtro moeda)"],
  ["cobranca.total", "Total em aberto em centavos (filtro moeda)"],
  [
    "cobranca.valor_pix",
    "Valor do PIX em centavos: o vencido até hoje com multa e juros do crediário, ou o próximo vencimento (filtro moeda)",
  ],
  ["cobranca.vencimento_pix", "Vencimento do valor do PIX (filtro data)"],
  ["cobranca.encargos_pix", "Multa e juros de atraso do crediário incluídos no valor do PIX, em centavos (filtro moeda)"],
  ["cobranca.valido_ate", "Último dia em que o valor do PIX vale (filtro data); vazio quando ele não muda"],
  [
    "cobranca.pix_copia_e_cola",
    "Código PIX copia e cola do valor; vazio quando a loja não tem chave PIX (filtro qrcode para o QR)",
  ],
  [
    "cobranca.com_crediario_em_atraso",
    "Verdadeiro quando há parcela do crediário atrasada (multa e juros calculados no pagamento)",
  ],
];

export const DEBT_LETTER_SAMPLE = {
  cliente: {
    nome: "Mariana Souza Lima",
    primeiro_nome: "Mariana",
    endereco: "Rua das Acácias, 45, apto 12",
    bairro: "Vila Mariana",
    cidade: "São Paulo",
    uf: "SP",
    cep: "04101-000",
  },
  cobranca: {
    data: "2026-11-24",
    itens: [
      { descricao: "OS nº 1042 — Samsung Galaxy A54", vencimento: "2026-10-30", dias_atraso: 25, valor: 15_000 },
      { descricao: "Crediário nº 12 — parcela 3 de 6", vencimento: "2026-11-10", dias_atraso: 14, valor: 21_450 },
      { descricao: "Fiado: Película de vidro", vencimento: "2026-12-10", dias_atraso: 0, valor: 4_500 },
    ],
    vencido: 36_450,
    a_vencer: 4_500,
    total: 40_950,
    valor_pix: 36_972,
    vencimento_pix: "2026-10-30",
    encargos_pix: 522,
    valido_ate: "2026-11-24",
    pix_copia_e_cola:
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865406369.725802BR5914Conserta Facil6009Sao Paulo62070503***6304ABCD",
    com_crediario_em_atraso: true,
  },
};
