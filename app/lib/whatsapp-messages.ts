/**
 * Every prefilled WhatsApp text of the public site (spec §7), in one place so
 * the footer QR, the floating button, the quote form and the service cards
 * say the same things. Links are built with whatsappLink() and the shop's one number.
 */
export const GENERAL_GREETING = "Olá! Vim pelo site e gostaria de mais informações.";

export const OFF_HOURS_GREETING =
  "Olá! Sei que vocês estão fora do horário de atendimento, mas gostaria de deixar minha mensagem para ser respondido assim que possível.";

export function serviceQuoteMessage(serviceTitle: string) {
  return `Olá! Gostaria de solicitar um orçamento para o serviço: ${serviceTitle}.`;
}

export type QuickQuote = { device: string; issue: string; name: string; whatsapp: string; email: string; cep: string };

export function quickQuoteMessage(quote: QuickQuote) {
  return [
    "*Orçamento Rápido*",
    "",
    `*Aparelho:* ${quote.device}`,
    `*Problema ou serviço:* ${quote.issue}`,
    `*Nome:* ${quote.name}`,
    `*WhatsApp:* ${quote.whatsapp}`,
    `*E-mail:* ${quote.email}`,
    `*CEP:* ${quote.cep.trim() || "Não informado"}`,
    "",
    "Gostaria de receber um orçamento. Obrigado!",
  ].join("\n");
}

/**
 * "Comprar pelo WhatsApp" on a /loja item page: the item and the price the
 * visitor saw, with the question that fits it. A product on the shelf: is it
 * still there; one to order: how long it takes; a service has no stock, so
 * the visitor asks when to bring the device in.
 */
export function shopProductMessage(
  productName: string,
  priceText: string,
  availability: "in-stock" | "to-order" | "service" = "in-stock",
) {
  if (availability === "service")
    return `Olá! Tenho interesse no serviço ${productName}, de ${priceText}, que vi na loja do site. Quando posso levar o aparelho?`;
  if (availability === "to-order")
    return `Olá! Tenho interesse no produto ${productName}, de ${priceText}, que vi na loja do site. Em quanto tempo chega sob encomenda?`;
  return `Olá! Tenho interesse no produto ${productName}, de ${priceText}, que vi na loja do site. Ainda está disponível?`;
}
