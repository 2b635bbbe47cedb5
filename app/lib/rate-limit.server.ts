import { requestClientIp } from "./client-ip";
import { getEnv } from "./env.server";
import { createRateLimit, rateLimitKey } from "./rate-limit";

/** One count per name, however many times a module asks for it. */
const limitsByName = new Map<string, ReturnType<typeof createRateLimit>>();

/**
 * A limit per client (an IPv4 address, or an IPv6 /64) on a public form or lookup, one per `name` in
 * the process. The server sets the client IP header itself; RATE_LIMIT=off
 * (the browser tests) turns every limit off.
 */
export function createRequestRateLimit(name: string, options: { limit: number; windowMs: number }) {
  let limit = limitsByName.get(name);
  if (!limit) {
    limit = createRateLimit(options);
    limitsByName.set(name, limit);
  }
  const counted = limit;
  /** Records the request and says whether it is over the limit. */
  return function isRequestLimited(request: Request) {
    if (getEnv().RATE_LIMIT !== "on") return false;
    return counted.isOverLimit(rateLimitKey(requestClientIp(request)));
  };
}
