import { z } from "zod";
import { optionalText, requiredText } from "~/lib/forms";
import { isServiceIconKey } from "./icons";

/** Where a service is listed: the home's cards or the footer's lines (routes take it from here, not app/db). */
export type { ServicePlacement } from "~/db/schema/shop-services";

/** Limits shared by the inputs and the schemas: past two dozen cards, or eight footer lines, the list no longer reads. */
export const SHOP_SERVICE_LIMITS = {
  title: 80,
  footerTitle: 60,
  description: 300,
  details: 300,
  homeCards: 24,
  footerLines: 8,
} as const;

const ICON_MESSAGE = "Escolha um ícone da lista.";

/** A card of the home's "Nossos Serviços": icon, title, description and details, as the spec's cards have. */
export const HomeServiceSchema = z.object({
  icon: z.string({ error: ICON_MESSAGE }).refine(isServiceIconKey, ICON_MESSAGE),
  title: requiredText("o título", { max: SHOP_SERVICE_LIMITS.title }),
  description: requiredText("a descrição", { max: SHOP_SERVICE_LIMITS.description }),
  details: optionalText(SHOP_SERVICE_LIMITS.details),
});

/** A line of the footer's "Serviços": its text only. */
export const FooterServiceSchema = z.object({
  title: requiredText("o texto", { max: SHOP_SERVICE_LIMITS.footerTitle }),
});

export type ShopServiceFormValues = Partial<Record<"icon" | "title" | "description" | "details", string>>;

/** A service as the public site shows it. */
export type ShopService = { id: number; icon: string; title: string; description: string; details: string };
