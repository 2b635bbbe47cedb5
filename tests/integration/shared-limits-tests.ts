import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { CLIENT_IP_HEADER } from "~/lib/client-ip";
import type { TestApp } from "./app";

type Limits = {
  tracking: typeof import("~/modules/service-orders/public-tracking.server");
  contact: typeof import("~/modules/contact/submission-limit.server");
  signIn: typeof import("~/modules/accounts/sign-in-limit.server");
};

/** The limit modules as one instance of the app holds them: after `vi.resetModules()` a second copy, with state of its own. */
async function importLimits(): Promise<Limits> {
  const [tracking, contact, signIn] = await Promise.all([
    import("~/modules/service-orders/public-tracking.server"),
    import("~/modules/contact/submission-limit.server"),
    import("~/modules/accounts/sign-in-limit.server"),
  ]);
  return { tracking, contact, signIn };
}

/** What a sign-in attempt meets: allowed ("ok") or refused with its status. */
async function signInOutcome(count: () => unknown) {
  try {
    await count();
    return "ok";
  } catch (error) {
    return (error as { statusCode?: number }).statusCode ?? error;
  }
}

async function keysOf(app: TestApp, pattern: string) {
  const rows = await app.db.execute<{ key: string }>(sql`select key from rate_limit where key like ${pattern}`);
  return rows.rows.map((row) => row.key);
}

function requestFrom(ip: string) {
  return new Request("http://localhost:3000/consultar", { headers: { [CLIENT_IP_HEADER]: ip } });
}

/**
 * Every limit is counted where every instance sees it: the database. Two
 * copies of the limit modules (as two servers behind one proxy hold them, each
 * with its own module state) share one count over one database; an in-memory
 * count let each instance allow the whole limit again. No address or e-mail
 * is stored in clear in the count's key. Runs inside the accounts suite
 * (its app, database and RATE_LIMIT=on), which calls it with its loaded app.
 */
export function defineSharedLimitTests(loadedApp: () => TestApp) {
  describe("limites compartilhados entre instâncias", () => {
    let first: Limits;
    let second: Limits;

    beforeAll(async () => {
      first = await importLimits();
      vi.resetModules();
      second = await importLimits();
      expect(second.tracking.isTrackingLookupLimited).not.toBe(first.tracking.isTrackingLookupLimited);
    });

    it("/consultar: ten lookups a minute per address, counted once over both instances", async () => {
      const ip = "198.51.100.21";
      for (let lookup = 1; lookup <= 10; lookup++) {
        const limits = lookup % 2 === 0 ? first : second;
        expect(await limits.tracking.isTrackingLookupLimited(requestFrom(ip)), `consulta ${lookup}`).toBe(false);
      }
      expect(await first.tracking.isTrackingLookupLimited(requestFrom(ip))).toBe(true);
      expect(await second.tracking.isTrackingLookupLimited(requestFrom(ip))).toBe(true);
      expect(await second.tracking.isTrackingLookupLimited(requestFrom("198.51.100.22"))).toBe(false);
      const keys = await keysOf(loadedApp(), "tracking-lookup:%");
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.join(" ")).not.toContain("198.51.100");
    });

    it("contact form: five messages per address, counted once over both instances", async () => {
      const ip = "2001:db8:77:1::1";
      for (let message = 1; message <= 5; message++) {
        const limits = message <= 3 ? first : second;
        expect(await limits.contact.isContactSubmissionLimited(requestFrom(ip)), `mensagem ${message}`).toBe(false);
      }
      // Another address of the same /64, on the other instance: still the same client.
      expect(await first.contact.isContactSubmissionLimited(requestFrom("2001:db8:77:1::ffff"))).toBe(true);
      expect((await keysOf(loadedApp(), "contact-submission:%")).join(" ")).not.toContain("2001:db8");
    });

    it("per-account sign-ins: five failures over both instances, then refused on either; forgotten on either after a sign-in", async () => {
      const email = "Conta.Compartilhada@cliente.example";
      for (let attempt = 1; attempt <= 5; attempt++) {
        const limits = attempt % 2 === 0 ? first : second;
        expect(await signInOutcome(() => limits.signIn.countSignInAttempt(email)), `tentativa ${attempt}`).toBe("ok");
      }
      await expect((async () => first.signIn.countSignInAttempt(email.toLowerCase()))()).rejects.toMatchObject({
        statusCode: 429,
        body: { code: "TOO_MANY_SIGN_IN_ATTEMPTS" },
      });
      expect(await signInOutcome(() => second.signIn.countSignInAttempt(email))).toBe(429);
      expect((await keysOf(loadedApp(), "conta:%")).join(" ").toLowerCase()).not.toContain("compartilhada");

      await second.signIn.forgetSignInAttempts(email);
      expect(await signInOutcome(() => first.signIn.countSignInAttempt(email))).toBe("ok");
    });

    it("a request over the limit is refused even in the same millisecond as the last one allowed", async () => {
      const { consumeSharedLimit } = await import("~/lib/shared-rate-limit.server");
      const rule = { window: 60, max: 2 };
      const now = Date.now();
      const key = `mesmo-instante:${now}`;
      expect(await consumeSharedLimit(key, rule, now)).toEqual({ allowed: true, retryAfter: null });
      expect(await consumeSharedLimit(key, rule, now)).toEqual({ allowed: true, retryAfter: null });
      expect(await consumeSharedLimit(key, rule, now)).toEqual({ allowed: false, retryAfter: 60 });
      expect(await consumeSharedLimit(key, rule, now + 1_000)).toEqual({ allowed: false, retryAfter: 59 });
      // A new window counts from one again.
      expect(await consumeSharedLimit(key, rule, now + 60_000)).toEqual({ allowed: true, retryAfter: null });
    });

    it("better-auth's own limits are in the same table, keyed by a hash", async () => {
      const visitor = loadedApp().visitor("198.51.100.40");
      await visitor.post("/api/auth/sign-in/email", { email: "ninguem@cliente.example", password: "Errada#123456" });
      const keys = await keysOf(loadedApp(), "auth:%");
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.join(" ")).not.toContain("198.51.100.40");
      expect(keys.join(" ")).not.toContain("sign-in");
    });
  });
}
