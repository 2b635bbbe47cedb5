import { describe, expect, it } from "vitest";
import { shopProductMessage } from "./whatsapp-messages";

describe('the shop\'s WhatsApp text fits what is bought (issue 23: a service asked "Ainda está disponível?")', () => {
  it("a service asks when to bring the device, never whether it is still available", () => {
    const text = shopProductMessage("Troca de tela", "R$ 250,00", "service");
    expect(text).toBe(
      "Olá! Tenho interesse no serviço Troca de tela, de R$ 250,00, que vi na loja do site. Quando posso levar o aparelho?",
    );
    expect(text).not.toMatch(/disponível|produto/);
  });

  it("a product on the shelf asks whether it is still there; one to order asks how long it takes", () => {
    expect(shopProductMessage("Capa", "R$ 19,90", "in-stock")).toMatch(
      /no produto Capa, de R\$ 19,90, .*Ainda está disponível\?$/,
    );
    expect(shopProductMessage("Capa", "R$ 19,90", "to-order")).toMatch(/no produto Capa, .*sob encomenda\?$/);
  });
});
