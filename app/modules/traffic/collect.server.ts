import { createHash } from "node:crypto";
import { isbot } from "isbot";
import { getDb } from "~/db/client.server";
import { trafficEvents } from "~/db/schema/traffic";
import { shopToday } from "~/lib/dates";
import { keyedIpHash } from "~/lib/ip-hash.server";
import { logger } from "~/lib/logger.server";
import { isOverSharedLimit } from "~/lib/shared-rate-limit.server";
import { parseBeaconBody, sourceOf, type TrafficReport } from "./beacon-body";
import { noteStoredReport } from "./live-rows.server";
import { saltOfDay } from "./salts.server";
import { browserOf, deviceOf } from "./user-agent";

/** A page reports one view and a few clicks: a client past this in a minute is refused (429) and not counted. */
export const BEACON_LIMIT = { window: 60, max: 60 };

/** What the request says about the visitor, read by the server (app/server/app.server.ts). */
export type BeaconClient = {
  /** The client's address: hashed with the day's salt, never stored nor logged. */
  ip: string;
  userAgent: string;
  /** Do Not Track or Global Privacy Control: counted, without any visitor hash. */
  optsOut: boolean;
  /** A prefetch or prerender the visitor has not seen. */
  isPrefetch: boolean;
};

export function beaconClientOf(request: Request, ip: string): BeaconClient {
  const headers = request.headers;
  const purpose = `${headers.get("sec-purpose") ?? ""} ${headers.get("purpose") ?? ""}`.toLowerCase();
  return {
    ip,
    userAgent: headers.get("user-agent") ?? "",
    optsOut: headers.get("dnt") === "1" || headers.get("sec-gpc") === "1",
    isPrefetch: purpose.includes("prefetch") || purpose.includes("prerender"),
  };
}

/**
 * The visitor of a day: SHA-256 of the day's salt, the address, the user
 * agent and the site, cut to 128 bits. The salt is deleted the next day, so
 * no one (the shop included) can tell whose hash it is, nor link two days.
 */
export function visitorHash(salt: string, ip: string, userAgent: string, site: string) {
  return createHash("sha256").update(`${salt}\n${ip}\n${userAgent}\n${site}`).digest("hex").slice(0, 32);
}

export type BeaconOutcome = "stored" | "dropped" | "limited" | "malformed";

/**
 * One beacon: refused when malformed (the caller answers 400) or over the
 * client's limit (429), dropped in silence for a bot or a prefetch, else
 * stored as its rows (one per view or conversion kind).
 */
export async function collectBeacon(text: string, client: BeaconClient, site: URL, now = new Date()): Promise<BeaconOutcome> {
  const report = parseBeaconBody(text, site.hostname);
  if (!report) return "malformed";
  if (client.isPrefetch || client.userAgent === "" || isbot(client.userAgent)) return "dropped";
  if (await isOverSharedLimit(`trafego:${keyedIpHash(client.ip)}`, BEACON_LIMIT)) return "limited";
  const day = shopToday(now);
  const hash = client.optsOut ? null : visitorHash(await saltOfDay(day), client.ip, client.userAgent, site.origin);
  await storeReport(report, { day, at: now, hash, device: deviceOf(client.userAgent), browser: browserOf(client.userAgent) });
  return "stored";
}

async function storeReport(
  report: TrafficReport,
  seen: { day: string; at: Date; hash: string | null; device: string; browser: string },
) {
  const common = {
    at: seen.at,
    day: seen.day,
    path: report.path,
    source: sourceOf(report),
    referrer: report.referrerHost,
    utmMedium: report.utmMedium,
    utmCampaign: report.utmCampaign,
    device: seen.device,
    browser: seen.browser,
    visitorHash: seen.hash,
  };
  const rows = report.kinds
    ? report.kinds.map((kind) => ({ ...common, kind, isEntry: false }))
    : [{ ...common, kind: "view", isEntry: report.isEntry }];
  const db = await getDb();
  await db.insert(trafficEvents).values(rows);
  noteStoredReport();
}

/** The endpoint's answer to each outcome: a beacon reads no answer, a test and a misbehaving client do. */
export function beaconResponse(outcome: BeaconOutcome): Response {
  switch (outcome) {
    case "malformed":
      return new Response("Relatório de visita inválido.", { status: 400 });
    case "limited":
      return new Response("Muitos relatórios de visita: tente mais tarde.", { status: 429, headers: { "Retry-After": "60" } });
    default:
      return new Response(null, { status: 204 });
  }
}

/** The whole endpoint, for the server: a database that fails loses a report, never a page. */
export async function handleBeacon(request: Request, ip: string, site: URL): Promise<Response> {
  const text = await request.text();
  try {
    return beaconResponse(await collectBeacon(text, beaconClientOf(request, ip), site));
  } catch (error) {
    logger.warn({ err: error }, "relatório de visita não gravado");
    return new Response(null, { status: 204 });
  }
}
