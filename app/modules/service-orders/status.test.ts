import { describe, expect, it } from "vitest";
import {
  allowedMoves,
  AWAITING_PICKUP_STATUSES,
  canMove,
  isDeliveryMove,
  isServiceOrderStatus,
  SERVICE_ORDER_STATUSES,
  STATUS_DESCRIPTIONS,
  STATUS_LABELS,
  type ServiceOrderStatus,
} from "./status";

/** The whole machine, written out: every pair not listed here must be refused. */
const EXPECTED: Record<ServiceOrderStatus, ServiceOrderStatus[]> = {
  received: ["diagnosing", "not_repairable", "cancelled"],
  diagnosing: ["awaiting_approval", "not_repairable", "cancelled"],
  awaiting_approval: ["approved", "declined", "not_repairable", "cancelled"],
  approved: ["awaiting_part", "repairing", "not_repairable", "cancelled"],
  declined: ["awaiting_approval", "delivered"],
  awaiting_part: ["repairing", "not_repairable", "cancelled"],
  repairing: ["awaiting_part", "ready", "not_repairable", "cancelled"],
  ready: ["delivered", "repairing"],
  delivered: [],
  cancelled: [],
  not_repairable: ["delivered"],
};

describe("service order state machine", () => {
  for (const from of SERVICE_ORDER_STATUSES) {
    for (const to of SERVICE_ORDER_STATUSES) {
      const allowed = EXPECTED[from].includes(to);
      it(`${allowed ? "allows" : "refuses"} ${from} → ${to}`, () => {
        expect(canMove(from, to)).toBe(allowed);
      });
    }
  }

  it("offers exactly the allowed moves, without duplicates", () => {
    for (const from of SERVICE_ORDER_STATUSES) {
      expect([...allowedMoves(from)].sort()).toEqual([...EXPECTED[from]].sort());
      expect(new Set(allowedMoves(from)).size).toBe(allowedMoves(from).length);
    }
  });

  it("never moves an order to the status it is in", () => {
    for (const status of SERVICE_ORDER_STATUSES) expect(canMove(status, status)).toBe(false);
  });

  it("ends at delivered and cancelled", () => {
    expect(allowedMoves("delivered")).toEqual([]);
    expect(allowedMoves("cancelled")).toEqual([]);
  });

  it("reaches delivered only from statuses where the device waits for pickup", () => {
    const deliverable = SERVICE_ORDER_STATUSES.filter((status) => canMove(status, "delivered"));
    expect(deliverable.sort()).toEqual([...AWAITING_PICKUP_STATUSES].sort());
  });

  it("marks delivery as its own action", () => {
    expect(isDeliveryMove("delivered")).toBe(true);
    expect(SERVICE_ORDER_STATUSES.filter(isDeliveryMove)).toEqual(["delivered"]);
  });

  it("has a label and a plain description for every status", () => {
    for (const status of SERVICE_ORDER_STATUSES) {
      expect(STATUS_LABELS[status]).toBeTruthy();
      expect(STATUS_DESCRIPTIONS[status]).toMatch(/\.$/);
    }
  });

  it("recognises only known statuses", () => {
    expect(isServiceOrderStatus("ready")).toBe(true);
    expect(isServiceOrderStatus("READY")).toBe(false);
    expect(isServiceOrderStatus("")).toBe(false);
    expect(isServiceOrderStatus(null)).toBe(false);
    expect(isServiceOrderStatus(3)).toBe(false);
  });
});
