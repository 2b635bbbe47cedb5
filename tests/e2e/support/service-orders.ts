import { expect, request, type APIRequestContext } from "@playwright/test";
import type { ServiceOrderStatus } from "~/modules/service-orders/status";
import { BASE_URL } from "./e2e-env";
import { ORIGIN_HEADER, USERS } from "./users";

/**
 * Orders prepared the way the counter makes them: the staff forms' own
 * actions (new customer, new order, status moves), posted with the staff
 * session. Each call makes a customer and an order of its own, so the
 * desktop and phone projects never share one.
 */
export type PreparedOrder = {
  id: number;
  customerId: number;
  trackingCode: string;
  customerName: string;
  phone: string;
  unlockCode: string;
};

/** The moves from a new order to each status a journey needs, as the state machine allows them. */
const PATHS = {
  received: [],
  awaiting_approval: ["diagnosing", "awaiting_approval"],
  ready: ["diagnosing", "awaiting_approval", "approved", "repairing", "ready"],
  cancelled: ["cancelled"],
} satisfies Partial<Record<ServiceOrderStatus, ServiceOrderStatus[]>>;
type PreparedStatus = keyof typeof PATHS;

function staffApi() {
  return request.newContext({ baseURL: BASE_URL, storageState: USERS.staff.storageState, maxRedirects: 0 });
}

async function postForm(api: APIRequestContext, path: string, fields: Record<string, string>, origin = ORIGIN_HEADER) {
  const response = await api.post(path, { headers: origin, form: fields });
  const location = response.headers().location ?? "";
  expect(response.status(), `${path}: ${location || (await response.text()).slice(0, 500)}`).toBe(302);
  return new URL(location, BASE_URL);
}

function randomDigits(length: number) {
  return Array.from({ length }, () => Math.floor(Math.random() * 10)).join("");
}

/** The code printed on the entry receipt ("K7QX-3MRA"), stored without the dash. */
async function readTrackingCode(api: APIRequestContext, orderId: number) {
  const receipt = await api.get(`/service-orders/${orderId}/print/entrada`);
  expect(receipt.status()).toBe(200);
  const code = /Código de acompanhamento:[^A-Z0-9]*([2-9A-Z]{4})-([2-9A-Z]{4})/.exec(await receipt.text());
  expect(code, "código de acompanhamento no comprovante").not.toBeNull();
  return `${code![1]}${code![2]}`;
}

/**
 * A new customer (with `email` when given) and order, moved to `status`. Each call has a request
 * context of its own: a context kept across tests may reuse a keep-alive
 * socket the server has just closed (ECONNRESET).
 */
export async function prepareOrder(status: PreparedStatus, { email = "" } = {}): Promise<PreparedOrder> {
  const api = await staffApi();
  try {
    return await createOrder(api, status, email);
  } finally {
    await api.dispose();
  }
}

/** The same, on a server of a spec's own (own-server.ts), with the staff session saved for it. */
export async function prepareOrderOn(serverUrl: string, storageState: string, status: PreparedStatus): Promise<PreparedOrder> {
  const api = await request.newContext({ baseURL: serverUrl, storageState, maxRedirects: 0 });
  try {
    return await createOrder(api, status, "", { origin: serverUrl });
  } finally {
    await api.dispose();
  }
}

async function createOrder(
  api: APIRequestContext,
  status: PreparedStatus,
  email: string,
  origin = ORIGIN_HEADER,
): Promise<PreparedOrder> {
  const suffix = randomDigits(4);
  const customerName = `Rosângela Prado Teste ${suffix}`;
  const phone = `1197${randomDigits(3)}${suffix}`;
  // Saved "on the way back" to a new order, the customer's id comes in the address.
  const customerSaved = await postForm(
    api,
    `/customers/new?voltar=${encodeURIComponent("/new-service-order")}`,
    { name: customerName, phone, email },
    origin,
  );
  const customerId = customerSaved.searchParams.get("cliente");
  expect(customerId, `cliente criado: ${customerSaved}`).toMatch(/^\d+$/);

  const unlockCode = `97${randomDigits(4)}`;
  const created = await postForm(
    api,
    "/new-service-order",
    {
      intent: "create",
      customerId: customerId!,
      deviceType: "phone",
      brand: "Motorola",
      model: "Moto G84",
      color: "Grafite",
      accessories: "Capinha",
      conditionChecklist: "turns-on",
      reportedDefect: "Tela trincada após queda, touch falhando no canto",
      unlockKind: "pin",
      unlockCode,
      lineKind: "service",
      lineDescription: "Troca de tela",
      lineQuantity: "1",
      lineUnitPrice: "350,00",
      warrantyDays: "90",
      idempotencyKey: crypto.randomUUID(),
    },
    origin,
  );
  const id = Number(/\/service-orders\/(\d+)\/edit/.exec(created.pathname)?.[1]);
  expect(id, `OS criada: ${created}`).toBeGreaterThan(0);

  for (const to of PATHS[status]) {
    await postForm(api, `/service-orders/${id}/edit`, { intent: "status", to, note: "" }, origin);
  }
  return { id, customerId: Number(customerId), trackingCode: await readTrackingCode(api, id), customerName, phone, unlockCode };
}

/** Delivery as the order page records it: who collected, and the unpaid balance recorded as a debt. */
export async function deliverOrder(orderId: number, deliveredTo: string) {
  const api = await staffApi();
  try {
    await postForm(api, `/service-orders/${orderId}/edit`, { intent: "deliver", deliveredTo, registerDebt: "on", note: "" });
  } finally {
    await api.dispose();
  }
}
