import { expect, test } from "./support/test";
import { ORIGIN_HEADER } from "./support/users";

/**
 * What every answer says about itself over HTTP: the browser features a page
 * may use (Permissions-Policy) and the methods the site answers.
 */
const DENIED_FEATURES = ["camera", "microphone", "geolocation", "payment", "usb", "serial", "hid", "midi"];
const CONTACT = {
  name: "Ana Souza",
  email: "ana@example.com",
  phone: "",
  subject: "Orçamento de tela",
  message: "Quero um orçamento para trocar a tela do meu celular.",
};

function directivesOf(header: string | undefined) {
  return new Map((header ?? "").split(",").map((directive) => directive.trim().split("=") as [string, string]));
}

test.describe("Permissions-Policy", () => {
  test("nega câmera, microfone, localização, pagamento e USB; a realidade aumentada (WebXR) fica liberada para o próprio site", async ({
    request,
  }) => {
    // The second request of a public page is served from the page cache (decision 0004): it carries the header too.
    for (const path of ["/", "/", "/realidade-aumentada", "/auth"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const directives = directivesOf(response.headers()["permissions-policy"]);
      for (const feature of DENIED_FEATURES) expect(directives.get(feature), `${path} ${feature}`).toBe("()");
      // Set for every page, not only this one: the policy of the page a visitor lands on holds for the whole visit.
      expect(directives.get("xr-spatial-tracking"), path).toBe("(self)");
    }
  });

  test("o navegador entende a política sem reclamar, e WebXR fica liberado para a realidade aumentada", async ({ page }) => {
    // Chromium reports a feature it does not know, or a malformed header, in the console (as a warning or an error).
    const complaints: string[] = [];
    page.on("console", (message) => {
      if (/permissions.policy/i.test(message.text())) complaints.push(message.text());
    });
    // A light page: the header is the same on every page, and the one a visitor lands on holds for the visit.
    await page.goto("/privacidade");
    const allowed = await page.evaluate(() => {
      // Chromium's (non-standard) view of the document's policy.
      const policy = (document as Document & { featurePolicy?: { allowsFeature: (feature: string) => boolean } }).featurePolicy;
      return policy && { camera: policy.allowsFeature("camera"), xr: policy.allowsFeature("xr-spatial-tracking") };
    });
    expect(allowed).toEqual({ camera: false, xr: true });
    expect(complaints).toEqual([]);
  });
});

test.describe("métodos HTTP", () => {
  test("PUT, PATCH e DELETE recebem 405 com Allow, e a ação não roda", async ({ request }) => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      for (const path of ["/contato", "/contato.data", "/auth", "/api/auth/sign-out", "/customers/new"]) {
        const response = await request.fetch(path, { method, headers: ORIGIN_HEADER, form: CONTACT, maxRedirects: 0 });
        expect(response.status(), `${method} ${path}`).toBe(405);
        expect(response.headers().allow, `${method} ${path}`).toBe("GET, HEAD, POST");
      }
    }
  });

  test("OPTIONS e métodos desconhecidos também, sem renderizar a página", async ({ request }) => {
    for (const method of ["OPTIONS", "PROPFIND", "TRACE"]) {
      const response = await request.fetch("/contato", { method });
      expect(response.status(), method).toBe(405);
      expect(response.headers().allow, method).toBe("GET, HEAD, POST");
    }
  });

  test("GET, HEAD e POST continuam", async ({ request }) => {
    expect((await request.get("/contato")).status()).toBe(200);
    expect((await request.head("/contato")).status()).toBe(200);
    const posted = await request.post("/contato", { headers: ORIGIN_HEADER, form: CONTACT, maxRedirects: 0 });
    expect(posted.status()).toBe(302);
  });
});
