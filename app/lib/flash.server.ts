import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { cookieFlags } from "./cookie-flags.server";
import { FLASH_MESSAGE_MAX_LENGTH, FlashSchema, type Flash, type ShownFlash } from "./flash";

/**
 * The one way a page shows what the form posted before the redirect did
 * ("Cliente cadastrado", "Pagamento registrado"): the action redirects with
 * the message in a short-lived cookie, the next page reads it once and the
 * cookie is cleared. Nothing in the address, so a reload or a shared link
 * does not repeat it.
 */
export const FLASH_COOKIE = "balcao_flash";
const MAX_AGE_SECONDS = 60;

const FLASH_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${FLASH_COOKIE}=([^;]*)`);

/** Whether the request carries a message to show (the page cache skips such a request). */
export function hasFlashCookieHeader(cookie: string | null | undefined) {
  return FLASH_COOKIE_PATTERN.test(cookie ?? "");
}

function readFlashCookie(cookie: string | null): ShownFlash | null {
  const raw = FLASH_COOKIE_PATTERN.exec(cookie ?? "")?.[1];
  if (!raw) return null;
  try {
    const parsed = FlashSchema.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function flashCookie(value: string, maxAge: number) {
  return `${FLASH_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; ${cookieFlags()}`;
}

/** Redirects to `path` with `flash` for the page there to show once. */
export function redirectWithFlash(path: string, flash: Flash, init: ResponseInit = {}) {
  // Called after the write committed: a message too long is clipped, so the answer is never a 500 for a done deed.
  const message =
    flash.message.length > FLASH_MESSAGE_MAX_LENGTH ? `${flash.message.slice(0, FLASH_MESSAGE_MAX_LENGTH - 1)}…` : flash.message;
  const value = Buffer.from(JSON.stringify(FlashSchema.parse({ ...flash, message })), "utf8").toString("base64url");
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", flashCookie(value, MAX_AGE_SECONDS));
  return redirect(path, { ...init, headers });
}

const flashContext = createContext<ShownFlash | null>(null);

/**
 * Root middleware: reads the message once and, when there was one, clears
 * the cookie on the response (unless the response sets a new one) and keeps
 * that response out of every cache.
 */
export const flashMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const cookie = request.headers.get("cookie");
  if (!hasFlashCookieHeader(cookie)) return next();
  context.set(flashContext, readFlashCookie(cookie));
  const response = await next();
  const setsFlash = response.headers.getSetCookie().some((header) => header.startsWith(`${FLASH_COOKIE}=`));
  // A redirect passes the message on to the page it leads to.
  if (!setsFlash && !(response.status >= 300 && response.status < 400)) {
    response.headers.append("Set-Cookie", flashCookie("", 0));
  }
  response.headers.set("Cache-Control", "private, no-store");
  return response;
};

/** The message the previous form left for this page, if any. */
export function flashOf(context: Readonly<RouterContextProvider>): ShownFlash | null {
  return context.get(flashContext);
}
