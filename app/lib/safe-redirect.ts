/** A stand-in origin: a target is safe when the URL parser, resolving it against this, stays here. */
const HERE = "http://balcao.invalid";

/**
 * Characters no return path of ours contains and that browsers read in
 * surprising ways: the URL parser drops tab, CR and LF anywhere ("/\t/evil"
 * is "//evil"), reads "\" as "/", and a CR, LF or NUL in a Location header
 * fails the response. Spaces too (a path of ours has them percent-encoded).
 */
// oxlint-disable-next-line no-control-regex -- control characters are what this refuses.
const UNSAFE_CHARACTER = /[\u0000-\u0020\u007f-\u00a0\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff\\]/u;

/** An encoded "/" or "\" (or an encoded "%", to catch one decoded twice) in the path part: never in our paths, sometimes decoded by proxies. */
const ENCODED_SEPARATOR = /%(?:2f|5c|25)/i;

const isSignInPage = (pathname: string) => pathname === "/auth" || pathname.startsWith("/auth/");

/**
 * A path on this site, in the URL parser's own serialization, so what is sent
 * in a Location header or to navigate() is exactly what was checked; null for
 * anything else ("//evil", "/\\evil", "/\t/evil", "/.//evil", "https://…",
 * control characters). The auth library's return addresses (callbackURL,
 * redirectTo…) go through this too (accounts/auth-input.ts).
 */
export function localPath(target: unknown): string | null {
  if (typeof target !== "string" || !target.startsWith("/") || UNSAFE_CHARACTER.test(target)) return null;
  const pathPart = target.split(/[?#]/, 1)[0] ?? "";
  if (pathPart.startsWith("//") || ENCODED_SEPARATOR.test(pathPart)) return null;
  let url: URL;
  try {
    url = new URL(target, HERE);
  } catch {
    return null;
  }
  // Dot segments resolved can leave "//" at the front ("/.//evil" is "//evil"): protocol-relative in a Location.
  if (url.origin !== HERE || url.pathname.startsWith("//")) return null;
  return url.pathname + url.search + url.hash;
}

/** A path on this site to return to (a `from` or `voltar` parameter), never the sign-in page itself; the fallback for anything else. */
export function safeRedirectPath(target: string | null | undefined, fallback = "/dashboard") {
  const path = localPath(target);
  if (path === null || isSignInPage(path.split(/[?#]/, 1)[0] ?? "")) return fallback;
  return path;
}
