import { getEnv } from "./env.server";

/**
 * The flags of every cookie the site sets itself (better-auth sets its own
 * the same way, in auth.server.ts): never readable by scripts, not sent with
 * another site's posts, and only over https when the shop is served over https.
 */
export function cookieFlags() {
  return getEnv().PUBLIC_URL.startsWith("https://") ? "HttpOnly; SameSite=Lax; Secure" : "HttpOnly; SameSite=Lax";
}
