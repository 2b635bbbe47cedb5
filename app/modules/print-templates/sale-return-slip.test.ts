import { describe, expect, it } from "vitest";
import { renderDocumentTemplate } from "./engine.server";
import type { Paper } from "./papers";
import { defaultTemplateOf } from "./render.server";

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

const RETURN = {
  numero: 41,
  data: "2026-11-26T15:20:00.000Z",
  venda: { numero: 318, codigo: "VENDA318", data: "2026-11-24T18:42:00.000Z" },
  cliente: { nome: "Ana <b>Souza</b>", telefone: "11912345678" },
  motivo: "Não serviu",
  feita_por: "Camila",
  itens: [
    { descricao: "Carregador USB-C", quantidade: 1, unitario: 8_990, desconto: 990, total: 8_000 },
    { descricao: "Capinha", quantidade: 2, unitario: 4_500, desconto: 0, total: 9_000 },
  ],
  total: 17_000,
  destinos: [
    { forma: "Abatido do crediário nº 57", valor: 13_000 },
    { forma: "PIX devolvido", valor: 4_000 },
  ],
};

async function linesOf(paper: Paper, devolucao: Record<string, unknown> = RETURN) {
  const { html } = await renderDocumentTemplate("sale-return-slip", defaultTemplateOf("sale-return-slip", paper), {
    loja: SHOP,
    devolucao,
    papel: paper,
  });
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

describe("the return slip's default template", () => {
  it("prints on A4 the sale, the return's date, each item with its unit price and discount, where the value went, and the signature", async () => {
    const lines = await linesOf("a4");
    expect(lines).toEqual(
      expect.arrayContaining([
        "Comprovante de devolução · Venda VENDA318",
        "Devolução nº 41: 26/11/2026, 12:20",
        "Venda nº 318 de 24/11/2026, 15:42",
        "Cliente: Ana <b>Souza</b> · (11) 91234-5678",
        "Registrada por: Camila",
        "Motivo: Não serviu",
        "Carregador USB-C 1 R$ 89,90 − R$ 9,90 R$ 80,00",
        "Capinha 2 R$ 45,00 R$ 90,00",
        "Total devolvido R$ 170,00",
        "Abatido do crediário nº 57 R$ 130,00",
        "PIX devolvido R$ 40,00",
        "Assinatura do cliente",
        "Ana <b>Souza</b>",
      ]),
    );
  });

  it("prints on the rolls three columns, the unit price beside the description", async () => {
    for (const paper of ["80mm", "58mm"] as const) {
      const lines = await linesOf(paper);
      expect(lines, paper).toEqual(
        expect.arrayContaining([
          "Carregador USB-C (R$ 89,90 cada, desconto R$ 9,90) 1 R$ 80,00",
          "Capinha (R$ 45,00 cada) 2 R$ 90,00",
          "Total devolvido R$ 170,00",
        ]),
      );
      expect(lines.join("\n"), paper).not.toContain("Unitário");
    }
  });

  it("says when nothing went back, and has no customer line for a sale without one", async () => {
    const lines = await linesOf("80mm", { ...RETURN, cliente: null, total: 0, destinos: [] });
    expect(lines).toContain("Nenhum valor a devolver.");
    expect(lines.some((line) => line.startsWith("Cliente:"))).toBe(false);
    expect(lines).toContain("Assinatura do cliente");
  });
});
