import { describe, expect, it } from "vitest";
import { SERVICE_ORDER_STATUSES } from "./status";
import { statusMessage, type StatusMessageInput } from "./status-messages";

const base: StatusMessageInput = {
  status: "received",
  orderNumber: 123,
  device: "Motorola Moto G84",
  customerName: "Maria Aparecida Souza",
  shopName: "Balcão Assistência Técnica",
  totalCents: 35_000,
  balanceCents: 25_000,
  promisedDate: "2026-11-30",
  trackingUrl: "https://loja.example/consultar?codigo=K7QX3MRA",
};

describe("statusMessage", () => {
  it("greets by first name, names the shop, the device and the order, and links to /consultar, for every status", () => {
    for (const status of SERVICE_ORDER_STATUSES) {
      const message = statusMessage({ ...base, status });
      expect(message).toMatch(/^Olá, Maria! Aqui é da Balcão Assistência Técnica\./);
      expect(message).toContain("OS nº 123");
      expect(message).toContain("https://loja.example/consultar?codigo=K7QX3MRA");
    }
  });

  it("carries the quote total and the invitation to approve online while awaiting approval", () => {
    const message = statusMessage({ ...base, status: "awaiting_approval" });
    expect(message).toMatch(/total de R\$\s350,00/);
    expect(message).toMatch(/aprove ou recuse pelo link/);
  });

  it("says what is due at pickup when ready", () => {
    expect(statusMessage({ ...base, status: "ready" })).toMatch(/Valor a pagar na retirada: R\$\s250,00/);
    expect(statusMessage({ ...base, status: "ready", balanceCents: 0 })).toContain("Não há valor a pagar na retirada.");
  });

  it("gives the promised date on receipt, in Brazilian format", () => {
    expect(statusMessage(base)).toContain("Previsão de entrega: 30/11/2026.");
    expect(statusMessage({ ...base, promisedDate: null })).not.toContain("Previsão");
  });

  it("copes with a missing name and device", () => {
    const message = statusMessage({ ...base, customerName: " ", device: "", status: "repairing" });
    expect(message).toMatch(/^Olá! Aqui é/);
    expect(message).toContain("Seu aparelho (OS nº 123) está em reparo.");
  });
});
