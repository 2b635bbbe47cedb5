import type { ServiceOrderStatus } from "~/modules/service-orders/status";
import { insertCustomers, insertServiceOrderPlans, type Writer } from "./bulk-insert.server";
import { buildCustomer, type CustomerRow } from "./fake-people";
import { createRandom } from "./random";
import { planServiceOrder, type ServiceOrderPlan } from "./service-order-plan";

/**
 * Rows for integration tests, from the same factories as the demo: a seed
 * gives the same person and the same story (tracking codes excepted: they
 * come from the app's own generator). They stand for the shop's own records,
 * so they are not marked as demo.
 */

/** For tests: one customer, with overrides (a known name and phone to look for in responses). */
export async function createTestCustomer(writer: Writer, overrides: Partial<CustomerRow> = {}, seed = Date.now()) {
  const random = createRandom(seed);
  const row = { ...buildCustomer(random), ...overrides };
  const [id] = await insertCustomers(writer, [row], { isDemo: false });
  return { id: id!, ...row };
}

/** For tests: one order of `customerId` at a given status, with a consistent story behind it. */
export async function createTestServiceOrder(
  writer: Writer,
  {
    customerId,
    status,
    seed = Date.now(),
    createdAt = new Date(Date.now() - 10 * 86_400_000),
    overrides = {},
  }: {
    customerId: number;
    status: ServiceOrderStatus;
    seed?: number;
    createdAt?: Date;
    overrides?: Partial<ServiceOrderPlan["order"]>;
  },
) {
  const random = createRandom(seed);
  const plan = planServiceOrder(random, {
    createdAt,
    now: new Date(),
    status,
    staff: [{ userId: null, label: "tecnico@balcao.example" }],
  });
  plan.order = { ...plan.order, ...overrides };
  const [created] = await insertServiceOrderPlans(writer, [{ customerId, plan }], { isDemo: false });
  return { ...created!, plan };
}
