import { requestClientIp } from "./client-ip";
import { getEnv } from "./env.server";
import { keyedIpHash } from "./ip-hash.server";
import { consumeSharedLimit } from "./shared-rate-limit.server";

/**
 * A limit per client (an IPv4 address, or an IPv6 /64) on a public form or
 * lookup, counted in the database's `rate_limit` table under `name` and a
 * keyed hash of the client (lib/ip-hash.server.ts), so every instance on the
 * database shares one count and a restart forgets nothing. The server sets
 * the client IP header itself; RATE_LIMIT=off (the browser tests) turns
 * every limit off.
 */
export function createRequestRateLimit(name: string, options: { limit: number; windowMs: number }) {
  const rule = { max: options.limit, window: Math.ceil(options.windowMs / 1000) };
  /** Records the request and says whether it is over the limit. */
  return async function isRequestLimited(request: Request): Promise<boolean> {
    if (getEnv().RATE_LIMIT !== "on") return false;
    return !(await consumeSharedLimit(`${name}:${keyedIpHash(requestClientIp(request))}`, rule)).allowed;
  };
}
