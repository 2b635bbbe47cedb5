import { isConversionKind, type ConversionKind, type TrafficBeaconBody } from "~/lib/traffic-events";

const MAX_PATH = 300;
const MAX_TAG = 100;
const MAX_HOST = 253;
const KEYS = new Set(["p", "k", "e", "r", "us", "um", "uc"]);

/** What is stored of a report: the path, its conversions, its entry mark and its attribution, checked and trimmed. */
export type TrafficReport = {
  path: string;
  kinds: ConversionKind[] | null;
  isEntry: boolean;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
};

// Control characters (C0, DEL, C1): never part of a path, a host or a tag worth keeping.
// oxlint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function optionalTag(value: unknown): string | null | undefined {
  if (value === undefined) return null;
  if (typeof value !== "string" || value.length > MAX_TAG || CONTROL.test(value)) return undefined;
  const tag = value.trim().toLowerCase();
  return tag === "" ? null : tag;
}

/**
 * The report a beacon body holds, or null when it is not one (not JSON, not
 * an object, an unknown field, a path that is not a path, a kind the page
 * does not count, a field too long): the endpoint answers 400 and stores nothing.
 */
export function parseBeaconBody(text: string, ownHost: string): TrafficReport | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
  const body = data as Record<string, unknown> & Partial<TrafficBeaconBody>;
  if (Object.keys(body).some((key) => !KEYS.has(key))) return null;
  const { p: path, k: kinds, e: entry, r: referrer } = body;
  if (typeof path !== "string" || !path.startsWith("/") || path.startsWith("//") || path.length > MAX_PATH) return null;
  if (CONTROL.test(path) || path.includes("?") || path.includes("#")) return null;
  if (entry !== undefined && entry !== 1) return null;
  let conversionKinds: ConversionKind[] | null = null;
  if (kinds !== undefined) {
    if (!Array.isArray(kinds) || kinds.length === 0 || kinds.length > 6 || !kinds.every(isConversionKind)) return null;
    conversionKinds = [...new Set(kinds)];
  }
  let referrerHost: string | null = null;
  if (referrer !== undefined) {
    if (typeof referrer !== "string" || referrer.length > MAX_HOST || !/^[a-z0-9.-]*$/i.test(referrer)) return null;
    const host = referrer.toLowerCase().replace(/^www\./, "");
    referrerHost = host === "" || host === ownHost.toLowerCase().replace(/^www\./, "") ? null : host;
  }
  const utmSource = optionalTag(body.us);
  const utmMedium = optionalTag(body.um);
  const utmCampaign = optionalTag(body.uc);
  if (utmSource === undefined || utmMedium === undefined || utmCampaign === undefined) return null;
  return { path, kinds: conversionKinds, isEntry: entry === 1, referrerHost, utmSource, utmMedium, utmCampaign };
}

/** Where a visit came from: its utm_source, else the other site that linked to it, else "(direto)". */
export function sourceOf(report: Pick<TrafficReport, "utmSource" | "referrerHost">): string {
  return report.utmSource ?? report.referrerHost ?? "(direto)";
}
