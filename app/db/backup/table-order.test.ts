import { describe, expect, it } from "vitest";
import { forwardReferences, orderByForeignKeys } from "./table-order";

describe("orderByForeignKeys", () => {
  it("puts every table after the tables it references, alphabetically where free", () => {
    const order = orderByForeignKeys(
      ["service_orders", "user", "customers", "audit_log", "service_order_lines"],
      [
        { table: "service_orders", references: "customers" },
        { table: "service_orders", references: "user" },
        { table: "service_order_lines", references: "service_orders" },
      ],
    );
    expect(order).toEqual(["audit_log", "customers", "user", "service_orders", "service_order_lines"]);
  });

  it("ignores a table's reference to itself", () => {
    expect(orderByForeignKeys(["customers", "a"], [{ table: "customers", references: "customers" }])).toEqual(["a", "customers"]);
  });

  it("breaks a cycle at its alphabetically first table and still orders what hangs off it", () => {
    const order = orderByForeignKeys(
      ["b", "a", "c", "d"],
      [
        { table: "a", references: "b" },
        { table: "b", references: "a" },
        { table: "c", references: "b" },
        { table: "d", references: "zzz_not_in_backup" },
      ],
    );
    expect(order).toEqual(["d", "a", "b", "c"]);
  });

  it("keeps every table exactly once", () => {
    const tables = ["t1", "t2", "t3", "t4", "t5"];
    const order = orderByForeignKeys(tables, [
      { table: "t1", references: "t2" },
      { table: "t2", references: "t3" },
      { table: "t3", references: "t1" },
      { table: "t5", references: "t4" },
    ]);
    expect([...order].sort()).toEqual(tables);
  });
});

describe("forwardReferences", () => {
  it("finds the keys pointing at the same table or at one restored later", () => {
    const edges = [
      { table: "customers", references: "customers", name: "self" },
      { table: "service_orders", references: "customers", name: "backward" },
      { table: "a", references: "b", name: "forward" },
    ];
    expect(forwardReferences(["a", "b", "customers", "service_orders"], edges).map((edge) => edge.name)).toEqual([
      "self",
      "forward",
    ]);
  });
});
