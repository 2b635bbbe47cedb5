import { describe, expect, it } from "vitest";
import { sidebarAreaOf } from "./staff-areas";

describe("the sidebar item a page belongs to", () => {
  it("is the area whose address is the longest whole-segment prefix of the page's", () => {
    const cases: [string, string | null][] = [
      ["/dashboard", "dashboard"],
      ["/financial-management", "financialManagement"],
      ["/financial-management/cartoes", "financialManagement"],
      ["/cdc/12/pagar", "cdc"],
      ["/service-orders", "serviceOrders"],
      ["/service-orders/42/edit", "serviceOrders"],
      ["/service-orders/search", "serviceOrderSearch"],
      ["/blog-management/avaliacoes", "blogManagement"],
      ["/print-template-editor/7", "printTemplates"],
      ["/cash-register/venda", "cashRegister"],
      // A prefix of letters is not a prefix of segments.
      ["/cdcx", null],
      ["/", null],
    ];
    for (const [path, area] of cases) expect(sidebarAreaOf(path), path).toBe(area);
  });
});
