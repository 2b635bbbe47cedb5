import { createHmac } from "node:crypto";
import { getEnv } from "./env.server";
import { rateLimitKey } from "./rate-limit";
import { readOrCreateSecret } from "./secrets.server";

let key: string | null = null;

/** Derived from the auth secret (configured, or kept in DATA_DIR/secrets), so every instance sharing it agrees. */
function hashKey() {
  key ??= createHmac("sha256", getEnv().BETTER_AUTH_SECRET ?? readOrCreateSecret("auth-secret"))
    .update("balcao:ip-hash")
    .digest("hex");
  return key;
}

/**
 * A client address as security records keep it (sign-in sessions, rate-limit keys): a keyed hash
 * (HMAC-SHA256) of the address as the limits count it (an IPv6 client by its /64), never the address
 * itself. The same client gives the same hash, so a limit still counts it; without the key no one can
 * test a guessed address against it.
 */
export function keyedIpHash(ip: string): string {
  return `h:${createHmac("sha256", hashKey()).update(rateLimitKey(ip)).digest("base64url").slice(0, 32)}`;
}

/** Any text that may carry an address (better-auth's rate-limit key: address + path), the same way. */
export function keyedHash(text: string): string {
  return `h:${createHmac("sha256", hashKey()).update(text).digest("base64url").slice(0, 32)}`;
}
