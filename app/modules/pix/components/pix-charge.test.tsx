import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PixCharge as PixChargeData } from "../pix-charge";
import { pixDiscountFor } from "../pix-discount";
import { PixCharge } from "./pix-charge";

const CHARGE: PixChargeData = {
  amountCents: 9500,
  copyPaste:
    "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D",
  qrImageSrc: "data:image/svg+xml;base64,PHN2Zy8+",
  holderName: "Conserta Já Comércio e Serviços Ltda.",
  holderCity: "São Paulo",
  key: "123e4567-e12b-12d1-a456-426655440000",
  keyTypeLabel: "Chave aleatória",
  discount: pixDiscountFor(10000, 500),
};

/** The server's HTML, as a person sees it before the scripts run (Intl's no-break space made plain). */
function serverHtml(charge: PixChargeData) {
  return renderToStaticMarkup(<PixCharge charge={charge} />).replace(/\u00a0/g, " ");
}

describe("PixCharge as the server draws it", () => {
  it("shows the amount, the discount line, the QR, the code and who receives", () => {
    const html = serverHtml(CHARGE);
    expect(html).toContain("R$ 95,00");
    expect(html).toContain("Pagando com PIX: 5% de desconto — de R$ 100,00 por R$ 95,00");
    expect(html).toContain('alt="QR code do PIX de R$ 95,00"');
    expect(html).toMatch(/<textarea[^>]*readonly=""[^>]*>00020126580014br\.gov\.bcb\.pix.*63041D3D<\/textarea>/i);
    expect(html).toContain("Conserta Já Comércio e Serviços Ltda.");
    expect(html).toContain("São Paulo");
  });

  it("before the scripts, 'Copiar' is a label of the code's field (a tap puts the person in it to copy by hand)", () => {
    const html = serverHtml(CHARGE);
    const fieldId = /<textarea id="([^"]+)"/.exec(html)?.[1];
    expect(fieldId).toBeTruthy();
    expect(html).toContain(`<label for="${fieldId}" class="`);
    expect(html).toMatch(new RegExp(`<label for="${fieldId}"[^>]*>Copiar</label>`));
    expect(html).not.toMatch(/<button[^>]*>Copiar<\/button>/);
  });

  it("has no discount line when there is no discount", () => {
    expect(serverHtml({ ...CHARGE, amountCents: 10000, discount: null })).not.toContain("Pagando com PIX");
  });
});
