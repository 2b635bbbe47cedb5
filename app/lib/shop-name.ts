/** The name messages go out under while the shop's details are still the demo's: the product's, never the fictional shop's. */
export const NEUTRAL_SHOP_NAME = "Balcão";

type IdentityState = { name: string; detailsConfirmedAt: Date | null };

/**
 * The shop's name as a message to a real person says it: e-mails, the team
 * invite, the WhatsApp texts staff send. Until the owner confirms the details,
 * the stored name is the demo's fictional one and a real person reading the
 * message would take it for the shop they dealt with.
 */
export function shopNameInMessages(settings: IdentityState) {
  return settings.detailsConfirmedAt === null ? NEUTRAL_SHOP_NAME : settings.name;
}
