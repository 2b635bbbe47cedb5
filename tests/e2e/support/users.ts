import path from "node:path";
import { expect, request, type APIRequestContext } from "@playwright/test";
import { sendAdminCommand } from "~/lib/admin-socket.server";
import type { Role } from "~/modules/accounts/roles";
import { BASE_URL, DATA_DIR, STATE_DIR } from "./e2e-env";
import { waitForEmailLink } from "./outbox";

/** Meets the password policy: 12+ characters, upper, lower, digit and one of !@#$%^&*. */
export const PASSWORD = "Balcao-Teste#2026";

export type TestUser = { name: string; email: string; password: string; storageState: string };

/**
 * The accounts every spec shares, created once per run by the setup project:
 * customer and staff by sign-up + e-mail link + role, the owner through the
 * setup link (owner-setup.spec.ts). Specs that sign out or change a password
 * create their own user: signing out revokes the session these files hold.
 */
export const USERS = {
  customer: {
    name: "Carla Cliente",
    email: "cliente@e2e.test",
    password: PASSWORD,
    storageState: path.join(STATE_DIR, "customer.json"),
  },
  staff: {
    name: "Tiago Técnico",
    email: "equipe@e2e.test",
    password: PASSWORD,
    storageState: path.join(STATE_DIR, "staff.json"),
  },
  owner: {
    name: "Olga Proprietária",
    email: "proprietaria@e2e.test",
    password: PASSWORD,
    storageState: path.join(STATE_DIR, "owner.json"),
  },
} satisfies Record<Role, TestUser>;

/** better-auth refuses a state-changing call without an Origin it trusts. */
export const ORIGIN_HEADER = { origin: BASE_URL };

/** A unique address for a user one test creates, so both projects and retries never collide. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}@e2e.test`;
}

/** Signs up through the API and opens the confirmation link from the outbox. */
export async function createVerifiedUser(api: APIRequestContext, user: { name: string; email: string; password: string }) {
  const signUp = await api.post("/api/auth/sign-up/email", {
    headers: ORIGIN_HEADER,
    data: { name: user.name, email: user.email, password: user.password, callbackURL: "/auth?verificado=1" },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const link = await waitForEmailLink(user.email, "/api/auth/verify-email");
  const verified = await api.get(link, { maxRedirects: 0 });
  expect(verified.status()).toBe(302);
  expect(verified.headers().location).toContain("/auth?verificado=1");
}

/** What `npm run user:role` does: one command through the running server's admin socket. */
export async function setRole(email: string, role: Role) {
  const reply = await sendAdminCommand(DATA_DIR, { command: "set-role", email, role });
  expect(reply, reply.message).toMatchObject({ ok: true });
}

/** Signs in through the API and saves the session cookie as a Playwright storage state. */
export async function saveSignedInState(user: TestUser) {
  const api = await request.newContext({ baseURL: BASE_URL });
  try {
    const signIn = await api.post("/api/auth/sign-in/email", {
      headers: ORIGIN_HEADER,
      data: { email: user.email, password: user.password },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    await api.storageState({ path: user.storageState });
  } finally {
    await api.dispose();
  }
}
