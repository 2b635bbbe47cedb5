import type { serviceOrderStatusEvents } from "~/db/schema/service-orders";
import { PUBLIC_TRACKING_ACTOR } from "~/modules/service-orders/public-tracking.server";
import type { ServiceOrderStatus } from "~/modules/service-orders/status";
import { pickWeighted, type Random } from "./random";

/**
 * The path an order takes through the state machine and when each step
 * happens: hours drawn per step, so a repair waiting for a part takes days
 * and a quote is answered within a couple of days.
 */

/** How an order ends, if nothing stops it before "now". */
type Outcome = "repaired" | "repaired-with-part-wait" | "declined" | "not-repairable" | "cancelled" | "abandoned";

const OUTCOME_WEIGHTS: readonly (readonly [Outcome, number])[] = [
  ["repaired", 60],
  ["repaired-with-part-wait", 20],
  ["declined", 9],
  ["not-repairable", 6],
  ["cancelled", 4.5],
  // Rare, but every shop has a few devices nobody comes back for.
  ["abandoned", 0.5],
];

const PATHS: Record<Outcome, readonly ServiceOrderStatus[]> = {
  repaired: ["received", "diagnosing", "awaiting_approval", "approved", "repairing", "ready", "delivered"],
  "repaired-with-part-wait": [
    "received",
    "diagnosing",
    "awaiting_approval",
    "approved",
    "awaiting_part",
    "repairing",
    "ready",
    "delivered",
  ],
  declined: ["received", "diagnosing", "awaiting_approval", "declined", "delivered"],
  "not-repairable": ["received", "diagnosing", "not_repairable", "delivered"],
  cancelled: ["received", "diagnosing", "cancelled"],
  abandoned: ["received", "diagnosing", "awaiting_approval", "approved", "repairing", "ready"],
};

/** Hours a step takes, by the status it reaches. */
const STEP_HOURS: Record<ServiceOrderStatus, [number, number]> = {
  received: [0, 0],
  diagnosing: [1, 30],
  awaiting_approval: [2, 48],
  approved: [1, 72],
  declined: [1, 96],
  awaiting_part: [1, 12],
  repairing: [1, 24],
  ready: [3, 96],
  delivered: [2, 400],
  cancelled: [1, 72],
  not_repairable: [4, 72],
};
/** A part ordered from a supplier takes days. */
const PART_WAIT_HOURS: [number, number] = [48, 360];

/** The path to a status a demo wants to show, the usual way there. */
function pathTo(status: ServiceOrderStatus, random: Random): readonly ServiceOrderStatus[] {
  const find = (outcome: Outcome) => PATHS[outcome].slice(0, PATHS[outcome].indexOf(status) + 1);
  if (status === "awaiting_part") return find("repaired-with-part-wait");
  if (status === "declined") return find("declined");
  if (status === "not_repairable") return find("not-repairable");
  if (status === "cancelled") return random.chance(0.5) ? ["received", "cancelled"] : PATHS.cancelled;
  if (status === "delivered")
    return PATHS[random.pick<Outcome>(["repaired", "repaired", "repaired", "declined", "not-repairable"])];
  return find(random.chance(0.25) ? "repaired-with-part-wait" : "repaired");
}

export type StepsOptions = {
  /** When the device came in. */
  createdAt: Date;
  /** Nothing happens after this instant: an order whose path is longer stops where it is. */
  now: Date;
  /** A status to end at; otherwise an outcome is drawn and cut at `now`. */
  status?: ServiceOrderStatus;
};

/** The statuses an order went through by `now`, and when it reached each. */
export function planSteps(random: Random, { createdAt, now, status }: StepsOptions) {
  const path = status ? pathTo(status, random) : PATHS[pickWeighted(random, OUTCOME_WEIGHTS)];
  // Times of each step; a forced status is squeezed in between creation and now.
  const hours = path.map((pathStatus, index) => {
    if (index === 0) return 0;
    const [min, max] =
      pathStatus === "repairing" && path[index - 1] === "awaiting_part" ? PART_WAIT_HOURS : STEP_HOURS[pathStatus];
    return random.int(min * 60, max * 60) / 60;
  });
  const totalHours = hours.reduce((sum, value) => sum + value, 0);
  const availableHours = (now.getTime() - createdAt.getTime()) / 3_600_000;
  const scale = status && totalHours > availableHours * 0.95 ? (availableHours * 0.95) / Math.max(totalHours, 1e-6) : 1;
  const times: Date[] = [];
  let elapsedMs = 0;
  for (const stepHours of hours) {
    elapsedMs += stepHours * scale * 3_600_000;
    times.push(new Date(createdAt.getTime() + Math.round(elapsedMs)));
  }
  const reached = Math.max(
    0,
    times.findLastIndex((time) => time.getTime() <= now.getTime()),
  );
  return { steps: path.slice(0, reached + 1), times: times.slice(0, reached + 1) };
}

export type StaffMember = { userId: string | null; label: string };
type EventRow = Omit<typeof serviceOrderStatusEvents.$inferInsert, "id" | "orderId">;

/** The timeline's rows: who moved each step; a fifth of quotes are answered by the customer on /consultar. */
export function planStatusEvents(
  random: Random,
  steps: readonly ServiceOrderStatus[],
  times: readonly Date[],
  staff: readonly StaffMember[],
): EventRow[] {
  return steps.map((stepStatus, index) => {
    const isCustomerDecision = (stepStatus === "approved" || stepStatus === "declined") && random.chance(0.2);
    const actor = isCustomerDecision
      ? { userId: PUBLIC_TRACKING_ACTOR.userId, label: PUBLIC_TRACKING_ACTOR.label }
      : random.pick(staff);
    return {
      fromStatus: index === 0 ? null : steps[index - 1]!,
      toStatus: stepStatus,
      actorUserId: actor.userId,
      actorLabel: actor.label,
      note: "",
      createdAt: times[index]!,
    };
  });
}
