/**
 * The owner's tagged links (UTM): a page of the site with utm_source,
 * utm_medium and utm_campaign, so the visits it brings show under their
 * campaign on /traffic-analysis. Tags are written as the page groups them:
 * lower case, spaces as hyphens.
 */
export const SUGGESTED_SOURCES = [
  { value: "instagram", label: "Instagram" },
  { value: "facebook", label: "Facebook" },
  { value: "whatsapp-status", label: "Status do WhatsApp" },
  { value: "google", label: "Google (perfil da empresa)" },
  { value: "panfleto", label: "Panfleto / cartaz (QR code)" },
] as const;

/** The printed receipts' QR code to /consultar carries this source, so repairs looked up from paper show apart. */
export const RECEIPT_UTM = { utm_source: "recibo", utm_medium: "qrcode" } as const;

export function tagOf(text: string) {
  return text
    .trim()
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100);
}

export type TaggedLinkInput = { origin: string; path: string; source: string; medium: string; campaign: string };

/** The link, or the message saying what is missing. */
export function taggedLink(input: TaggedLinkInput): { url: string } | { problem: string } {
  const source = tagOf(input.source);
  if (!source) return { problem: "Informe onde o link será publicado (origem)." };
  const path = input.path.trim() || "/";
  if (!path.startsWith("/") || path.startsWith("//")) return { problem: "A página deve começar com / (ex.: /loja)." };
  let url: URL;
  try {
    url = new URL(path, input.origin);
  } catch {
    return { problem: "Página inválida." };
  }
  if (url.origin !== new URL(input.origin).origin) return { problem: "A página deve ser deste site." };
  url.searchParams.set("utm_source", source);
  const medium = tagOf(input.medium);
  const campaign = tagOf(input.campaign);
  if (medium) url.searchParams.set("utm_medium", medium);
  if (campaign) url.searchParams.set("utm_campaign", campaign);
  return { url: url.toString() };
}
