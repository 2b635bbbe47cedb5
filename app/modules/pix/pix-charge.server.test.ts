import QRCode from "qrcode";
import { describe, expect, it, vi } from "vitest";
import { DEMO_SHOP_SETTINGS } from "~/modules/shop-settings/demo-settings";
import { parsePixCopyPaste, PixCodeError } from "./br-code";
import { assertPixAvailable, PIX_UNAVAILABLE_MESSAGE, PixUnavailableError } from "./pix-charge";
import { pixChargeFor, type PixSettings } from "./pix-charge.server";

const SETTINGS: PixSettings = {
  pixKey: "pix@consertaja.com.br",
  pixKeyType: "email",
  legalName: "Conserta Já Comércio e Serviços Ltda.",
  city: "São Paulo",
  pixDiscountBasisPoints: 500,
};

function svgOf(src: string) {
  const prefix = "data:image/svg+xml;base64,";
  expect(src.startsWith(prefix)).toBe(true);
  return Buffer.from(src.slice(prefix.length), "base64").toString("utf8");
}

describe("pixChargeFor", () => {
  it("draws a code's QR once: the same order's page opened again reuses it", async () => {
    const draw = vi.spyOn(QRCode, "toString");
    try {
      const request = { amountCents: 4321, txid: "OS777", description: "OS nº 777" };
      const first = await pixChargeFor(SETTINGS, request);
      const again = await pixChargeFor(SETTINGS, request);
      if (first.status !== "ready" || again.status !== "ready") throw new Error("PIX indisponível");
      expect(again.charge.qrImageSrc).toBe(first.charge.qrImageSrc);
      expect(draw).toHaveBeenCalledTimes(1);
      // Another amount is another code, drawn anew.
      await pixChargeFor(SETTINGS, { ...request, amountCents: 4322 });
      expect(draw).toHaveBeenCalledTimes(2);
    } finally {
      draw.mockRestore();
    }
  });

  it("builds the code for the exact amount, its QR and who receives", async () => {
    const result = await pixChargeFor(SETTINGS, { amountCents: 10000, txid: "VENDA42", description: "Venda 42" });
    if (result.status !== "ready") throw new Error(result.message);
    const { charge } = result;
    expect(charge).toMatchObject({
      amountCents: 10000,
      holderName: "Conserta Já Comércio e Serviços Ltda.",
      holderCity: "São Paulo",
      key: "pix@consertaja.com.br",
      keyTypeLabel: "E-mail",
      discount: null,
    });
    expect(parsePixCopyPaste(charge.copyPaste)).toMatchObject({
      key: "pix@consertaja.com.br",
      amountCents: 10000,
      merchantName: "Conserta Ja Comercio e",
      merchantCity: "Sao Paulo",
      txid: "VENDA42",
      description: "Venda 42",
    });
    expect(svgOf(charge.qrImageSrc)).toMatch(/^<svg[^>]*viewBox="0 0 \d+ \d+"/);
  });

  it("applies and reports the PIX discount only when the caller asks for it", async () => {
    const discounted = await pixChargeFor(SETTINGS, { amountCents: 10000, txid: "VENDA42", withPixDiscount: true });
    if (discounted.status !== "ready") throw new Error(discounted.message);
    expect(discounted.charge.amountCents).toBe(9500);
    expect(discounted.charge.discount).toEqual({ basisPoints: 500, fullCents: 10000, discountCents: 500, pixCents: 9500 });
    expect(parsePixCopyPaste(discounted.charge.copyPaste).amountCents).toBe(9500);

    const noDiscount = await pixChargeFor(
      { ...SETTINGS, pixDiscountBasisPoints: 0 },
      {
        amountCents: 10000,
        txid: "",
        withPixDiscount: true,
      },
    );
    if (noDiscount.status !== "ready") throw new Error(noDiscount.message);
    expect(noDiscount.charge).toMatchObject({ amountCents: 10000, discount: null });
  });

  it.each([
    ["no key", { pixKey: null, pixKeyType: null }],
    ["a blank key", { pixKey: "  ", pixKeyType: "email" }],
    ["the demo's key", { pixKey: DEMO_SHOP_SETTINGS.pixKey ?? "", pixKeyType: DEMO_SHOP_SETTINGS.pixKeyType ?? null }],
  ] as const)("refuses with %s", async (_, key) => {
    expect(await pixChargeFor({ ...SETTINGS, ...key }, { amountCents: 100, txid: "TESTE" })).toEqual({
      status: "unavailable",
      message: "PIX indisponível: cadastre a chave PIX da loja em Configurações.",
    });
    expect(() => assertPixAvailable({ ...SETTINGS, ...key })).toThrow(PixUnavailableError);
    expect(() => assertPixAvailable({ ...SETTINGS, ...key })).toThrow(PIX_UNAVAILABLE_MESSAGE);
  });

  it("refuses, with the reason, a stored key the code cannot carry", async () => {
    expect(await pixChargeFor({ ...SETTINGS, pixKey: "Pix@ConsertaJa.com.br" }, { amountCents: 100, txid: "" })).toEqual({
      status: "unavailable",
      message: "Chave PIX fora do padrão do Banco Central: salve-a de novo em Configurações.",
    });
  });

  it("lets a charge through once the key is the shop's own", () => {
    expect(() => assertPixAvailable(SETTINGS)).not.toThrow();
  });

  it("refuses a bad amount with the code's typed error", async () => {
    await expect(pixChargeFor(SETTINGS, { amountCents: -5, txid: "" })).rejects.toThrow(PixCodeError);
  });
});
