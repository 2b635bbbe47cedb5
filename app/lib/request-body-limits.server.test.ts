import { describe, expect, it } from "vitest";
import { BODY_TOO_LARGE_PAGE, formCarriesNul, NUL_IN_FORM_PAGE } from "./request-body-limits.server";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://loja.example/cash-register", { method: "POST", body, headers });

describe("formCarriesNul", () => {
  it("finds a NUL in a plain form's field, alone or inside a value, and leaves the body readable", async () => {
    for (const value of ["\u0000", "10\u0000", "a\u0000b"]) {
      const request = post(new URLSearchParams({ intent: "open", openingFloat: value }));
      expect(await formCarriesNul(request), JSON.stringify(value)).toBe(true);
      expect((await request.formData()).get("openingFloat")).toBe(value);
    }
    expect(await formCarriesNul(post(new URLSearchParams({ intent: "open", openingFloat: "10,00" })))).toBe(false);
  });

  it("finds a NUL in a multipart form's text field, not in a file's bytes", async () => {
    const withNulText = new FormData();
    withNulText.append("alt", "Placa\u0000");
    expect(await formCarriesNul(post(withNulText))).toBe(true);

    const withBinaryFile = new FormData();
    withBinaryFile.append("alt", "Placa de celular");
    withBinaryFile.append("file", new Blob([new Uint8Array([0xff, 0xd8, 0x00, 0x00])]), "placa.jpg");
    const request = post(withBinaryFile);
    expect(await formCarriesNul(request)).toBe(false);
    expect((await request.formData()).get("alt")).toBe("Placa de celular");
  });

  it("leaves other bodies to their routes, and a broken multipart body to the route's own refusal", async () => {
    expect(await formCarriesNul(post('{"name":"a\\u0000"}', { "content-type": "application/json" }))).toBe(false);
    expect(await formCarriesNul(post("--x\r\n", { "content-type": "multipart/form-data; boundary=y" }))).toBe(false);
  });
});

describe("the server's own refusal pages", () => {
  it("are pages of the site: Portuguese, the icon, the way back", () => {
    for (const page of [BODY_TOO_LARGE_PAGE, NUL_IN_FORM_PAGE]) {
      expect(page).toContain('<html lang="pt-BR">');
      expect(page).toContain('<link rel="icon" href="/favicon.svg"');
      expect(page).toContain('<a href="/">Voltar ao início</a>');
    }
    expect(NUL_IN_FORM_PAGE).toContain("<h1>Caractere inválido</h1>");
  });
});
