/**
 * A browser stand-in for better-auth's handler: it keeps cookies between
 * calls, sends the Origin a page of the site would, and comes from its own
 * client IP (the header server.ts sets from the socket).
 */
export type AuthHandler = (request: Request) => Promise<Response>;

export type VisitorOptions = { baseUrl: string; ip: string; ipHeader: string };

export type ParsedCookie = { name: string; value: string; attributes: Map<string, string> };

export function parseSetCookie(header: string): ParsedCookie {
  const [pair = "", ...rest] = header.split(";");
  const separator = pair.indexOf("=");
  const attributes = new Map<string, string>();
  for (const part of rest) {
    const [key = "", ...value] = part.trim().split("=");
    attributes.set(key.toLowerCase(), value.join("="));
  }
  return { name: pair.slice(0, separator).trim(), value: pair.slice(separator + 1).trim(), attributes };
}

export function createVisitor(handler: AuthHandler, options: VisitorOptions) {
  const jar = new Map<string, string>();
  let lastSetCookies: ParsedCookie[] = [];

  async function send(path: string, init: RequestInit & { origin?: string | null }) {
    const url = new URL(path, options.baseUrl);
    const headers = new Headers(init.headers);
    headers.set(options.ipHeader, options.ip);
    if (jar.size > 0) headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    const origin = init.origin === undefined ? options.baseUrl : init.origin;
    if (origin !== null && init.method === "POST") headers.set("origin", origin);
    const response = await handler(new Request(url, { ...init, headers }));
    lastSetCookies = response.headers.getSetCookie().map(parseSetCookie);
    for (const cookie of lastSetCookies) {
      if (cookie.value === "" || cookie.attributes.get("max-age") === "0") jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    return response;
  }

  return {
    ip: options.ip,
    post: (path: string, body: Record<string, unknown>, init: { origin?: string | null } = {}) =>
      send(path, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" }, ...init }),
    get: (path: string) => send(path, { method: "GET" }),
    cookie: (name: string) => jar.get(name),
    /** The Set-Cookie headers of the last response. */
    lastSetCookies: () => lastSetCookies,
    /** Sends this cookie from now on, as a browser that kept an old copy would. */
    useCookie: (name: string, value: string) => jar.set(name, value),
    forgetCookies: () => jar.clear(),
  };
}

export type Visitor = ReturnType<typeof createVisitor>;

/** The JSON body of a response, typed by the caller. */
export async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
