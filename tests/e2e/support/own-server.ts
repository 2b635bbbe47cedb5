import fs from "node:fs";
import path from "node:path";
import { request } from "@playwright/test";
import { sendAdminCommand } from "~/lib/admin-socket.server";
import { DATA_DIR } from "./e2e-env";
import { waitForEmailLink } from "./outbox";
import type { RunningServer } from "./server-process";
import { expect } from "./test";
import { PASSWORD } from "./users";

/**
 * A journey on a server of its own: a fresh data folder beside the shared
 * one (per Playwright project), holding a copy of the migrated template the
 * journey writes its rows into before the server starts.
 */
export async function freshOwnDataDir(name: string, project: string) {
  const dataDir = path.join(path.dirname(DATA_DIR), `${path.basename(DATA_DIR)}-${name}-${project}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const { copyPgliteTemplate } = await import("../../support/pglite-template");
  await copyPgliteTemplate(dataDir);
  return dataDir;
}

type Person = { email: string; name: string };

/**
 * Someone signs up on that server (the e-mail link followed), gets `role`
 * through the admin socket, signs in, and their cookies are saved: the
 * storage state a browser context opens with.
 */
export async function signUpOn(server: RunningServer, dataDir: string, person: Person, role: "staff" | "owner" | null) {
  const api = await request.newContext({ baseURL: server.url });
  try {
    const created = await api.post("/api/auth/sign-up/email", {
      headers: { origin: server.url },
      data: { name: person.name, email: person.email, password: PASSWORD, callbackURL: "/auth?verificado=1" },
    });
    expect(created.status(), await created.text()).toBe(200);
    const link = await waitForEmailLink(person.email, "/api/auth/verify-email", 15_000, path.join(dataDir, "outbox"));
    await api.get(link, { maxRedirects: 0 });
    if (role) {
      const reply = await sendAdminCommand(dataDir, { command: "set-role", email: person.email, role });
      expect(reply, reply.message).toMatchObject({ ok: true });
    }
  } finally {
    await api.dispose();
  }
  return signInOn(server, dataDir, person);
}

/** Signs in again (a server started later, a session the moved clock expired) and saves the new cookies. */
export async function signInOn(server: RunningServer, dataDir: string, person: Person) {
  const api = await request.newContext({ baseURL: server.url });
  try {
    const signIn = await api.post("/api/auth/sign-in/email", {
      headers: { origin: server.url },
      data: { email: person.email, password: PASSWORD },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const state = path.join(dataDir, `${person.email}.json`);
    await api.storageState({ path: state });
    return state;
  } finally {
    await api.dispose();
  }
}
