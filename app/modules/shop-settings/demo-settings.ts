import type { shopSettings } from "~/db/schema/shop-settings";
import { DEFAULT_WEEKLY_HOURS } from "./opening-hours";

/** Clearly fictional values for a fresh database: the owner replaces them in the settings page. */
export const DEMO_SHOP_SETTINGS: typeof shopSettings.$inferInsert = {
  id: 1,
  name: "Balcão Assistência Técnica",
  legalName: "Balcão Demonstração Comércio e Serviços Ltda. (fictícia)",
  cnpj: "12.ABC.345/01DE-35",
  address: "Rua Exemplo, 123 – Centro",
  cep: "01001-000",
  city: "São Paulo",
  state: "SP",
  whatsapp: "11987654321",
  email: "contato@balcao.example",
  weeklyHours: DEFAULT_WEEKLY_HOURS,
  socialLinks: { instagram: "https://www.instagram.com/balcao.example" },
  reviewUrl: "https://www.google.com/maps/search/?api=1&query=Balc%C3%A3o+Assist%C3%AAncia+T%C3%A9cnica",
  pixKey: "contato@balcao.example",
  pixKeyType: "email",
  defaultWarrantyDays: 90,
};
