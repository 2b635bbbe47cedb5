/**
 * At most `limit` attempts per key (the client IP) in a sliding window.
 * Kept in memory: a restart forgets it, which is fine for a contact form or
 * a lookup; better-auth keeps its own limits in the database.
 */
export function createRateLimit({ limit, windowMs }: { limit: number; windowMs: number }) {
  const attempts = new Map<string, number[]>();
  return {
    /** Records an attempt and says whether it is over the limit (a refused attempt is not recorded). */
    isOverLimit(key: string, now = Date.now()) {
      const recent = (attempts.get(key) ?? []).filter((time) => now - time < windowMs);
      if (recent.length >= limit) {
        attempts.set(key, recent);
        return true;
      }
      recent.push(now);
      attempts.set(key, recent);
      // Forget idle keys now and then, so a flood of addresses cannot grow the map forever.
      if (attempts.size > 10_000) {
        for (const [other, times] of attempts) if (times.every((time) => now - time >= windowMs)) attempts.delete(other);
      }
      return false;
    },
  };
}
