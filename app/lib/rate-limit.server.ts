import { requestClientIp } from "./client-ip";
import { getEnv } from "./env.server";
import { createRateLimit, rateLimitKey } from "./rate-limit";
import { singleton } from "./singleton.server";

/**
 * A limit per client (an IPv4 address, or an IPv6 /64) on a public form or lookup, one per `name` in
 * the process. server.ts sets the client IP header itself; RATE_LIMIT=off
 * (the browser tests) turns every limit off.
 */
export function createRequestRateLimit(name: string, options: { limit: number; windowMs: number }) {
  const limit = singleton(`rate-limit:${name}`, () => createRateLimit(options));
  /** Records the request and says whether it is over the limit. */
  return function isRequestLimited(request: Request) {
    if (getEnv().RATE_LIMIT !== "on") return false;
    return limit.isOverLimit(rateLimitKey(requestClientIp(request)));
  };
}
