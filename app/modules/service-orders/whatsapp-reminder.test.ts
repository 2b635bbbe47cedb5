import { describe, expect, it } from "vitest";
import { pickupReminderMessage, type PickupReminder } from "./whatsapp-reminder";

const reminder: PickupReminder = {
  customerName: "Maria Aparecida Souza",
  shopName: "Balcão Assistência Técnica",
  orderNumber: 123,
  status: "ready",
  deviceName: "Samsung Galaxy A54",
  balanceCents: 35000,
  hours: ["Seg–Sex: 9h–19h", "Sáb: 9h–18h", "Dom: fechado"],
  address: "Rua Exemplo, 123 – Centro, São Paulo – SP",
  trackingUrl: "https://loja.example/consultar?codigo=K7QX3MRA",
};

describe("pickupReminderMessage", () => {
  it("greets by first name and says the device is ready, the amount due, the hours and where", () => {
    const text = pickupReminderMessage(reminder);
    expect(text).toContain("Olá, Maria! Aqui é da Balcão Assistência Técnica.");
    expect(text).toContain("Seu Samsung Galaxy A54 (OS nº 123) está pronto e aguardando retirada.");
    expect(text).toContain("Valor a pagar na retirada: R$\u00a0350,00.");
    expect(text).toContain("Horário de atendimento: Seg–Sex: 9h–19h; Sáb: 9h–18h; Dom: fechado.");
    expect(text).toContain("Endereço: Rua Exemplo, 123 – Centro, São Paulo – SP.");
    expect(text).toContain("https://loja.example/consultar?codigo=K7QX3MRA");
  });

  it("says when nothing is due", () => {
    expect(pickupReminderMessage({ ...reminder, balanceCents: 0 })).toContain("Não há valor a pagar na retirada.");
  });

  it("words a declined quote and a device without repair differently", () => {
    expect(pickupReminderMessage({ ...reminder, status: "declined" })).toContain("conforme sua resposta ao orçamento");
    expect(pickupReminderMessage({ ...reminder, status: "not_repairable" })).toContain("não foi possível consertar");
  });
});
