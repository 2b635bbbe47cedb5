import { describe, expect, it } from "vitest";
import { intentsOf, routeActions } from "./integration/audit-coverage-inventory";

/** The scanner behind the audit coverage suite finds each way a route tells its intents apart. */
describe("the inventory of actions that change data", () => {
  it("reads every way an action dispatches on its intent", () => {
    const source = `
      const STOCK_INTENTS = ["entry", "write-off"] as const;
      if (intent === "save") {}
      if (formText(form, "intent") !== "preview") {}
      switch (intent) { case "archive": break; }
      <button name="intent" value="delete">Excluir</button>
      return { intent: "inline" };
    `;
    expect(intentsOf(source)).toEqual(["archive", "delete", "entry", "inline", "preview", "save", "write-off"]);
  });

  it("lists the app's route actions with their intents, and the action without one", () => {
    const keys = routeActions();
    expect(keys).toEqual(
      expect.arrayContaining(["_owner/team.tsx#role", "_staff/inventory-product.tsx#write-off", "_staff/sale-new.tsx#"]),
    );
    // A route without an action (a page that only shows) is not listed.
    expect(keys.some((key) => key.startsWith("_site/blog.tsx#"))).toBe(false);
  });
});
