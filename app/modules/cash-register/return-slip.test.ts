import { describe, expect, it } from "vitest";
import { returnSlipData, type ReturnSlipRows } from "./return-slip";

const ROWS: ReturnSlipRows = {
  saleReturn: {
    id: 41,
    createdAt: new Date("2026-11-26T15:20:00.000Z"),
    reason: "Não serviu",
    actorLabel: "Maria",
    amountCents: 17_000,
  },
  sale: { id: 318, code: "V-7H2K", createdAt: new Date("2026-11-24T18:42:00.000Z") },
  customer: { name: "Ana Souza", phone: "11912345678" },
  items: [
    { description: "Carregador", quantity: 1, unitPriceCents: 8_990, amountCents: 8_000 },
    { description: "Capinha", quantity: 2, unitPriceCents: 4_500, amountCents: 9_000 },
  ],
  refunds: [],
  storeCreditCents: 0,
  planId: null,
};

describe("a return's slip data", () => {
  it("gives each item's unit price, its share of the discounts and what it gives back", () => {
    const data = returnSlipData({ ...ROWS, refunds: [{ method: "cash", amountCents: -17_000 }] });
    expect(data).toMatchObject({
      numero: 41,
      data: "2026-11-26T15:20:00.000Z",
      venda: { numero: 318, codigo: "V-7H2K", data: "2026-11-24T18:42:00.000Z" },
      cliente: { nome: "Ana Souza", telefone: "11912345678" },
      motivo: "Não serviu",
      feita_por: "Maria",
      total: 17_000,
    });
    expect(data.itens).toEqual([
      { descricao: "Carregador", quantidade: 1, unitario: 8_990, desconto: 990, total: 8_000 },
      { descricao: "Capinha", quantidade: 2, unitario: 4_500, desconto: 0, total: 9_000 },
    ]);
    expect(data.destinos).toEqual([{ forma: "Dinheiro devolvido", valor: 17_000 }]);
  });

  it("names each way the value went back, the crediário's part being what the refund and the credit leave", () => {
    const data = returnSlipData({ ...ROWS, refunds: [{ method: "pix", amountCents: -4_000 }], planId: 57 });
    expect(data.destinos).toEqual([
      { forma: "Abatido do crediário nº 57", valor: 13_000 },
      { forma: "PIX devolvido", valor: 4_000 },
    ]);
    const card = returnSlipData({ ...ROWS, refunds: [{ method: "credit", amountCents: -17_000 }] });
    expect(card.destinos).toEqual([{ forma: "Estorno no cartão de crédito", valor: 17_000 }]);
    const credit = returnSlipData({ ...ROWS, storeCreditCents: 17_000 });
    expect(credit.destinos).toEqual([{ forma: "Crédito na loja", valor: 17_000 }]);
    const wholePlan = returnSlipData({ ...ROWS, planId: 9 });
    expect(wholePlan.destinos).toEqual([{ forma: "Abatido do crediário nº 9", valor: 17_000 }]);
  });

  it("adds up the destinations to the total and leaves the customer out of a sale without one", () => {
    const data = returnSlipData({
      ...ROWS,
      customer: null,
      refunds: [
        { method: "debit", amountCents: -10_000 },
        { method: "cash", amountCents: -2_000 },
      ],
      storeCreditCents: 5_000,
    });
    expect(data.cliente).toBeNull();
    expect(data.destinos.reduce((sum, destination) => sum + destination.valor, 0)).toBe(data.total);
    expect(data.destinos.map((destination) => destination.forma)).toEqual([
      "Estorno no cartão de débito",
      "Dinheiro devolvido",
      "Crédito na loja",
    ]);
  });
});
