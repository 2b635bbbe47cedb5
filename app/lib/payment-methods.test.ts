import { describe, expect, it } from "vitest";
import { METHOD_LABELS } from "~/modules/cash-register/register-rules";
import { CREDIT_PAYMENT_METHODS } from "~/modules/credit/payment-validation";
import { DOWN_PAYMENT_METHODS } from "~/modules/credit/plan-terms";
import { ENTRY_METHOD_LABELS } from "~/modules/finance/validation";
import { PAYMENT_METHODS } from "~/modules/service-orders/validation";
import { MONEY_NOW_METHODS, PAYMENT_METHOD_LABELS, paymentMethodLabel } from "./payment-methods";

describe("payment methods", () => {
  it("have one name everywhere: the register, finance, the crediário and service orders", () => {
    for (const labels of [METHOD_LABELS, ENTRY_METHOD_LABELS, CREDIT_PAYMENT_METHODS, DOWN_PAYMENT_METHODS, PAYMENT_METHODS]) {
      for (const [method, label] of Object.entries(labels)) {
        expect(label, method).toBe(PAYMENT_METHOD_LABELS[method as keyof typeof PAYMENT_METHOD_LABELS]);
      }
    }
    // The register once said "Crédito da loja" where a sale said "Crédito na loja".
    expect(METHOD_LABELS["store-credit"]).toBe("Crédito na loja");
  });

  it("money that arrives now is cash, PIX and cards", () => {
    expect(Object.keys(MONEY_NOW_METHODS)).toEqual(["cash", "pix", "debit", "credit"]);
  });

  it("names an unknown stored method by its value", () => {
    expect(paymentMethodLabel("pix")).toBe("PIX");
    expect(paymentMethodLabel("cheque")).toBe("cheque");
  });
});
