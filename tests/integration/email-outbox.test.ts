import fs from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parseMail } from "../support/mailbox";
import { loadApp, type TestApp } from "./app";

/** Without SMTP_URL (a fresh machine) every message becomes an .eml file in DATA_DIR/outbox. */
describe("e-mail without SMTP", () => {
  let app: TestApp;
  const outbox = path.join(process.env.DATA_DIR ?? "", "outbox");

  beforeAll(async () => {
    expect(process.env.SMTP_URL).toBeUndefined();
    app = await loadApp();
  });

  it("writes the verification message, link included, to DATA_DIR/outbox", async () => {
    const email = "caixa.de.saida@cliente.example";
    const response = await app.visitor().post("/api/auth/sign-up/email", {
      name: "Caixa de Saída",
      email,
      password: "Balcao@2024forte",
      callbackURL: "/auth?verificado=1",
    });
    expect(response.status).toBe(200);
    // Account e-mails are written after the answer.
    const { settleBackgroundTasks } = await import("~/lib/background-tasks.server");
    await settleBackgroundTasks();

    const files = await fs.readdir(outbox);
    expect(files).toHaveLength(1);
    const [file = ""] = files;
    expect(file).toMatch(/\.eml$/);
    expect((await fs.stat(path.join(outbox, file))).mode & 0o777).toBe(0o600);

    const mail = parseMail(await fs.readFile(path.join(outbox, file), "utf8"));
    expect(mail.to).toContain(email);
    // The shop's details are still the demo's: the message signs with the product's name, not the fictional shop's.
    expect(mail.subject).toBe("Confirme seu e-mail — Balcão");
    expect(mail.body).toContain("Recebemos seu cadastro em Balcão.");
    const link = mail.links.find((url) => url.startsWith("http://localhost:3000/api/auth/verify-email?token="));
    expect(link).toBeDefined();

    const verified = await app.visitor().get(link ?? "");
    expect(verified.status).toBe(302);
  });
});
