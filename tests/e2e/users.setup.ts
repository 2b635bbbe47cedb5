import fs from "node:fs";
import { test as setup } from "@playwright/test";
import { STATE_DIR } from "./support/e2e-env";
import { createVerifiedUser, saveSignedInState, setRole, USERS } from "./support/users";

// The owner comes from the one-time setup link, in owner-setup.spec.ts (also in this project).
setup.beforeAll(() => fs.mkdirSync(STATE_DIR, { recursive: true, mode: 0o700 }));

setup("cliente cadastrada, confirmada e com sessão salva", async ({ request }) => {
  await createVerifiedUser(request, USERS.customer);
  await saveSignedInState(USERS.customer);
});

setup("técnico cadastrado, confirmado, com função de equipe e sessão salva", async ({ request }) => {
  await createVerifiedUser(request, USERS.staff);
  await setRole(USERS.staff.email, "staff");
  await saveSignedInState(USERS.staff);
});
