import { describe, expect, it } from "vitest";
import { renderDocumentTemplate } from "./engine.server";
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

const SALE = {
  numero: 12,
  codigo: "VENDA12",
  data: "2026-11-20T13:05:00.000Z",
  vendedor: "Camila",
  cliente: { nome: "Ana <b>Souza</b>", telefone: "11912345678" },
  cancelada: false,
  motivo_cancelamento: "",
  itens: [
    { descricao: "Capa Galaxy A54", quantidade: 2, unitario: 4_000, bruto: 8_000, desconto: 500, total: 7_500 },
    { descricao: "Impressão A4", quantidade: 10, unitario: 200, bruto: 2_000, desconto: 0, total: 2_000 },
  ],
  subtotal: 10_000,
  descontos: 500,
  total: 9_500,
  pagamentos: [
    { forma: "Dinheiro", valor: 4_500, parcelas: 1 },
    { forma: "Crédito", valor: 5_000, parcelas: 3 },
  ],
  recebido: 5_000,
  troco: 500,
  tem_crediario: false,
};

/** The text a reader sees, one line per paragraph or table row; money's no-break space as a space. */
function visibleLines(html: string) {
  return html
    .replace(/\s+/g, " ")
    .replace(/<\/(p|tr|h1|h2)>/g, "$&\n")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

describe("the sale receipt's default templates", () => {
  it("print on A4 the unit price and each line's discount, the payments and the change", async () => {
    const lines = visibleLines(await renderDefault("sale-receipt", "a4", { loja: SHOP, venda: SALE, papel: "a4" }));
    expect(lines).toEqual(
      expect.arrayContaining([
        "Recibo de venda · VENDA12",
        "Cliente: Ana <b>Souza</b> · (11) 91234-5678",
        "Capa Galaxy A54 2 R$ 40,00 − R$ 5,00 R$ 75,00",
        "Impressão A4 10 R$ 2,00 R$ 20,00",
        "Subtotal R$ 100,00",
        "Descontos − R$ 5,00",
        "Total R$ 95,00",
        "Crédito em 3x R$ 50,00",
        "Recebido em dinheiro R$ 50,00",
        "Troco R$ 5,00",
      ]),
    );
  });

  it("print on the 80 mm roll three columns, the discounts under them", async () => {
    const lines = visibleLines(await renderDefault("sale-receipt", "80mm", { loja: SHOP, venda: SALE, papel: "80mm" }));
    expect(lines).toEqual(
      expect.arrayContaining([
        "Capa Galaxy A54 (R$ 40,00 cada) 2 R$ 80,00",
        "Subtotal R$ 100,00",
        "Descontos − R$ 5,00",
        "Total R$ 95,00",
      ]),
    );
    expect(lines.join("\n")).not.toContain("Unitário");
  });

  it("print the loyalty level's discount as its own line, the other discounts apart, on both papers", async () => {
    const venda = {
      ...SALE,
      itens: [
        { descricao: "Troca de tela", quantidade: 1, unitario: 20_000, bruto: 20_000, desconto: 3_000, total: 17_000 },
        { descricao: "Película", quantidade: 1, unitario: 3_000, bruto: 3_000, desconto: 0, total: 3_000 },
      ],
      subtotal: 23_000,
      descontos: 4_000,
      desconto_fidelidade: 3_000,
      desconto_fidelidade_rotulo: "Desconto Ouro 15%",
      total: 19_000,
    };
    for (const papel of ["a4", "80mm"] as const) {
      const lines = visibleLines(await renderDefault("sale-receipt", papel, { loja: SHOP, venda, papel }));
      expect(lines).toEqual(expect.arrayContaining(["Desconto Ouro 15% − R$ 30,00", "Descontos − R$ 10,00", "Total R$ 190,00"]));
    }
  });
});
