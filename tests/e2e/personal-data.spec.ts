import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { request as playwrightRequest, type APIRequestContext, type Browser } from "@playwright/test";
import { sendAdminCommand } from "~/lib/admin-socket.server";
import { BASE_URL, DATA_DIR } from "./support/e2e-env";
import { expect, test } from "./support/test";
import { createVerifiedUser, ORIGIN_HEADER, PASSWORD, uniqueEmail, USERS } from "./support/users";

/**
 * LGPD in "Minha conta" and the owner's Dados pessoais (issue 24 §2, issue 25
 * §4): a customer downloads everything the shop holds about them, and a
 * deletion request is carried out by the owner, after which the customer's
 * name, phone, e-mail and CPF are found nowhere in the database (a backup
 * taken by the running server holds every row of every table) while the
 * order and its payment remain.
 */

const digits = (length: number) => Array.from({ length }, () => Math.floor(Math.random() * 10)).join("");

/** A CPF check digit over the digits before it (weights from length + 1 down to 2). */
function cpfCheckDigit(numbers: number[]) {
  const sum = numbers.reduce((total, digit, index) => total + digit * (numbers.length + 1 - index), 0);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** A valid CPF no other run uses (random base, computed check digits). */
function randomCpf() {
  const base = [...digits(9)].map(Number);
  const first = cpfCheckDigit(base);
  return [...base, first, cpfCheckDigit([...base, first])].join("");
}

type Person = {
  name: string;
  phone: string;
  email: string;
  cpf: string;
  customerId: number;
  orderId: number;
  unlockCode: string;
};

async function postForm(api: APIRequestContext, url: string, fields: Record<string, string>) {
  const response = await api.post(url, { headers: ORIGIN_HEADER, form: fields });
  expect(response.status(), `${url}: ${(await response.text()).slice(0, 300)}`).toBe(302);
  return new URL(response.headers().location ?? "", BASE_URL);
}

/** A customer with a CPF and a sign-in account of the same e-mail, and a repair paid in full and delivered, made by the staff's own forms. */
async function customerWithPaidRepair(signUp: APIRequestContext, tag: string): Promise<Person> {
  const suffix = digits(5);
  const person = {
    name: `Ondina Vasconcelos ${tag} ${suffix}`,
    phone: `1198${digits(2)}${suffix}`,
    email: uniqueEmail(`lgpd-${tag}`),
    cpf: randomCpf(),
  };
  const staff = await playwrightRequest.newContext({
    baseURL: BASE_URL,
    storageState: USERS.staff.storageState,
    maxRedirects: 0,
  });
  try {
    const saved = await postForm(staff, `/customers/new?voltar=${encodeURIComponent("/new-service-order")}`, {
      name: person.name,
      phone: person.phone,
      email: person.email,
      document: person.cpf,
      address: `Travessa Quaresmeira ${suffix}`,
    });
    const customerId = Number(saved.searchParams.get("cliente"));
    expect(customerId).toBeGreaterThan(0);
    const unlockCode = `58${digits(4)}`;
    const created = await postForm(staff, "/new-service-order", {
      intent: "create",
      customerId: String(customerId),
      deviceType: "phone",
      brand: "Motorola",
      model: "Moto G84",
      reportedDefect: "Não carrega",
      unlockKind: "pin",
      unlockCode,
      lineKind: "service",
      lineDescription: "Troca do conector de carga",
      lineQuantity: "1",
      lineUnitPrice: "180,00",
      warrantyDays: "90",
      idempotencyKey: crypto.randomUUID(),
    });
    const orderId = Number(/\/service-orders\/(\d+)\/edit/.exec(created.pathname)?.[1]);
    expect(orderId).toBeGreaterThan(0);
    const edit = `/service-orders/${orderId}/edit`;
    await postForm(staff, edit, {
      intent: "payment",
      method: "debit",
      amount: "180,00",
      paidAt: "",
      note: "",
      idempotencyKey: crypto.randomUUID(),
    });
    for (const to of ["diagnosing", "awaiting_approval", "approved", "repairing", "ready"]) {
      await postForm(staff, edit, { intent: "status", to, note: "" });
    }
    await postForm(staff, edit, { intent: "deliver", deliveredTo: person.name, note: "" });
    await createVerifiedUser(signUp, { name: person.name, email: person.email, password: PASSWORD });
    return { ...person, customerId, orderId, unlockCode };
  } finally {
    await staff.dispose();
  }
}

async function signedInPage(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    headers: ORIGIN_HEADER,
    data: { email, password: PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  return { context, page };
}

test("o cliente baixa os seus dados em Minha conta: cadastro, conserto e pagamento, sem o código de desbloqueio", async ({
  browser,
  request,
}) => {
  const person = await customerWithPaidRepair(request, "baixa");
  const { context, page } = await signedInPage(browser, person.email);
  try {
    await page.goto("/dashboard");
    await page.getByRole("link", { name: /Meus dados \(LGPD\)/ }).click();
    await expect(page.getByRole("heading", { name: "Meus dados", level: 1 })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Baixar meus dados (JSON)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^meus-dados-.*\.json$/);
    const text = fs.readFileSync((await download.path())!, "utf8");
    const data = JSON.parse(text) as {
      cadastros: { numero: number; nome: string; cpfOuCnpj: string; telefone: string }[];
      ordensDeServico: { numero: number; pago: string; situacao: string }[];
      contas: { email: string }[];
    };
    expect(data.contas).toEqual([expect.objectContaining({ email: person.email })]);
    expect(data.cadastros).toEqual([
      expect.objectContaining({ numero: person.customerId, nome: person.name, cpfOuCnpj: person.cpf, telefone: person.phone }),
    ]);
    expect(data.ordensDeServico).toEqual([expect.objectContaining({ numero: person.orderId, situacao: "delivered" })]);
    expect(data.ordensDeServico[0]!.pago).toContain("180,00");
    expect(text).not.toContain(person.unlockCode);
  } finally {
    await context.close();
  }
});

test("o proprietário atende o pedido de exclusão: o nome, o telefone, o e-mail e o CPF somem do banco e o conserto pago fica", async ({
  browser,
  request,
  isMobile,
}) => {
  test.skip(isMobile, "o banco inteiro é conferido uma vez, no desktop");
  // Builds a paid, delivered repair through the staff's forms, then backs up the whole database.
  test.slow();
  const person = await customerWithPaidRepair(request, "exclui");
  const customer = await signedInPage(browser, person.email);
  const owner = await browser.newContext({ storageState: USERS.owner.storageState });
  const backupFile = path.join(os.tmpdir(), `balcao-lgpd-${crypto.randomUUID()}.balcao-backup.gz`);
  try {
    const { page } = customer;
    await page.goto("/minha-conta/dados");
    await page.getByRole("button", { name: "Pedir a exclusão da minha conta" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Pedido de exclusão registrado" })).toBeVisible();
    await expect(page.getByTestId("deletion-status")).toHaveText("Aguardando a loja");

    const ownerPage = await owner.newPage();
    await ownerPage.goto("/dados-pessoais");
    const item = ownerPage.getByRole("listitem").filter({ hasText: person.email });
    await expect(item).toContainText("Aguardando · prazo");
    await expect(item).toContainText("(15 dias restantes)");
    await item.getByLabel("Confirmo: não pode ser desfeito").check();
    await item.getByRole("button", { name: "Atender: anonimizar e apagar a conta" }).click();
    await expect(ownerPage.getByRole("status").filter({ hasText: "atendido" })).toBeVisible();
    const done = ownerPage.getByRole("listitem").filter({ hasText: `Cliente anonimizado nº ${person.customerId}` });
    await expect(done).toContainText("Atendido em");

    // The customer's session is gone with the account.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth/);

    // The order and its payment stay, under the anonymised name.
    await ownerPage.goto(`/service-orders/${person.orderId}/edit`);
    await expect(ownerPage.getByText(`Cliente anonimizado nº ${person.customerId}`).first()).toBeVisible();
    await expect(ownerPage.getByText("R$ 180,00").first()).toBeVisible();

    // Every row of every table, as the running server's backup writes them.
    const reply = await sendAdminCommand(DATA_DIR, { command: "backup", file: backupFile });
    expect(reply, reply.message).toMatchObject({ ok: true });
    const everything = gunzipSync(fs.readFileSync(backupFile)).toString("utf8").toLowerCase();
    const formattedPhone = `(${person.phone.slice(0, 2)}) ${person.phone.slice(2, 7)}-${person.phone.slice(7)}`;
    const formattedCpf = `${person.cpf.slice(0, 3)}.${person.cpf.slice(3, 6)}.${person.cpf.slice(6, 9)}-${person.cpf.slice(9)}`;
    for (const needle of [person.name, person.email, person.phone, formattedPhone, person.cpf, formattedCpf]) {
      expect(everything, needle).not.toContain(needle.toLowerCase());
    }
    expect(everything).toContain(`cliente anonimizado nº ${person.customerId}`);
  } finally {
    fs.rmSync(backupFile, { force: true });
    await owner.close();
    await customer.context.close();
  }
});
