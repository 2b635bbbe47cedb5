import {
  CONVERSION_ATTRIBUTE,
  isConversionKind,
  TRAFFIC_BEACON_PATH,
  type ConversionKind,
  type TrafficBeaconBody,
} from "./traffic-events";

/**
 * The browser's half of the traffic analysis: page views and conversions
 * sent with navigator.sendBeacon (the browser sends it in the background, so
 * no page waits for it, and it survives a click that leaves the page). No
 * cookie and no storage: what links a page load's reports is this module's
 * memory, gone with the tab. Cached pages count too: this runs in the
 * browser, not in a loader.
 */

type Attribution = Pick<TrafficBeaconBody, "r" | "us" | "um" | "uc">;

let attribution: Attribution | null = null;
let isEntrySent = false;
let isListening = false;

const tag = (params: URLSearchParams, name: string) => params.get(name)?.trim().slice(0, 100) || undefined;

/** The other site this page load came from (its host only) and the landing address's UTM tags, read once. */
function landing(): { attribution: Attribution; isFromOutside: boolean } {
  let referrerHost: string | undefined;
  try {
    const host = document.referrer ? new URL(document.referrer).hostname : "";
    referrerHost = host && host !== location.hostname ? host : undefined;
  } catch {
    referrerHost = undefined;
  }
  if (!attribution) {
    const params = new URLSearchParams(location.search);
    attribution = {
      r: referrerHost,
      us: tag(params, "utm_source"),
      um: tag(params, "utm_medium"),
      uc: tag(params, "utm_campaign"),
    };
  }
  return { attribution, isFromOutside: !document.referrer || referrerHost !== undefined };
}

function send(body: TrafficBeaconBody) {
  try {
    navigator.sendBeacon?.(TRAFFIC_BEACON_PATH, JSON.stringify(body));
  } catch {
    // A browser that refuses the beacon (a blocker, a full queue) just is not counted.
  }
}

/** A prerendered page is not seen until it is shown: its view counts then, or never. */
function whenShown(report: () => void) {
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener("prerenderingchange", report, { once: true });
  } else {
    report();
  }
}

/** A page shown (the first of a page load, or a client-side navigation). */
export function reportPageView(path: string) {
  whenShown(() => {
    const { attribution: from, isFromOutside } = landing();
    const body: TrafficBeaconBody = { p: path, ...from };
    if (!isEntrySent && isFromOutside) body.e = 1;
    isEntrySent = true;
    send(body);
  });
}

/** Conversions on the current page (a quote sent, a repair looked up…). */
export function reportConversion(...kinds: ConversionKind[]) {
  if (kinds.length === 0) return;
  send({ p: location.pathname, k: kinds, ...landing().attribution });
}

const WHATSAPP_LINK = /^https:\/\/(wa\.me|api\.whatsapp\.com)\//;

function onClick(event: MouseEvent) {
  const element = event.target instanceof Element ? event.target.closest(`a[href], [${CONVERSION_ATTRIBUTE}]`) : null;
  if (!element) return;
  const kinds = new Set((element.getAttribute(CONVERSION_ATTRIBUTE) ?? "").split(/\s+/).filter(isConversionKind));
  if (element instanceof HTMLAnchorElement && WHATSAPP_LINK.test(element.href)) kinds.add("whatsapp");
  reportConversion(...kinds);
}

/**
 * One listener for the whole document: a click on any WhatsApp link (the
 * floating button, a service card, a product, the footer…) or on an element
 * carrying data-conversao counts, also in the parts of a page whose code the
 * browser never downloads (StaticSection).
 */
export function listenForConversionClicks() {
  if (isListening) return;
  isListening = true;
  document.addEventListener("click", onClick, { capture: true });
}
