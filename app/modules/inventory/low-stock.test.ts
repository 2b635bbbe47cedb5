import { describe, expect, it } from "vitest";
import { isLowStock, lowStockNotice, MINIMUM_STOCK_HINT, NO_LOW_STOCK } from "./low-stock";

describe('low stock: the rule and its words agree (issue 23: "Estoque baixo: 1 (mínimo 1)" against "abaixo disso")', () => {
  it("an item at its minimum is low, and the help text says so", () => {
    expect(isLowStock({ kind: "product", stockQuantity: 1, minimumStock: 1 })).toBe(true);
    expect(MINIMUM_STOCK_HINT).toMatch(/chega a esse número/);
    expect(MINIMUM_STOCK_HINT).not.toMatch(/^Abaixo disso/);
    expect(NO_LOW_STOCK).toMatch(/no mínimo ou abaixo/);
  });

  it("above the minimum is not low; a minimum of 0 counts only below zero; services never", () => {
    expect(isLowStock({ kind: "part", stockQuantity: 2, minimumStock: 1 })).toBe(false);
    expect(isLowStock({ kind: "product", stockQuantity: 0, minimumStock: 0 })).toBe(false);
    expect(isLowStock({ kind: "product", stockQuantity: -1, minimumStock: 0 })).toBe(true);
    expect(isLowStock({ kind: "service", stockQuantity: 0, minimumStock: 3 })).toBe(false);
  });

  it("the product page's notice says at the minimum or below it", () => {
    expect(lowStockNotice(1, 1)).toBe("Estoque baixo: 1, no mínimo definido (1).");
    expect(lowStockNotice(0, 2)).toBe("Estoque baixo: 0, abaixo do mínimo de 2.");
  });
});
