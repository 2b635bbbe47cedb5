import http from "node:http";
import { DATA_DIR } from "./support/e2e-env";
import { startExtraServer, type RunningServer } from "./support/server-process";
import { expect, test } from "./support/test";

/**
 * A server started the way a shop deploys it: Node on plain http behind a
 * proxy that terminates TLS (PUBLIC_URL https, TRUST_PROXY set), spoken to
 * over HTTP as the proxy would. Its own server, not the journeys': the
 * settings differ.
 */
const PUBLIC_ORIGIN = "https://loja.example";
/** What nginx or Caddy in front of the shop adds to the browser's request. */
const PROXY_HEADERS = { host: "loja.example", "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.7" };
const SAME_SITE = { ...PROXY_HEADERS, origin: PUBLIC_ORIGIN };
const URLENCODED = { "content-type": "application/x-www-form-urlencoded" };
const CONTACT = new URLSearchParams({
  name: "Ana Souza",
  email: "ana@example.com",
  phone: "",
  subject: "Orçamento de tela",
  message: "Quero um orçamento para trocar a tela do meu celular.",
});
type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

function readAnswer(response: http.IncomingMessage) {
  return new Promise<Answer>((resolve, reject) => {
    let text = "";
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => (text += chunk));
    response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    response.on("error", reject);
  });
}

function send(
  url: string,
  { method = "POST", headers = {}, body }: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string | Buffer },
) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(url, { method, headers });
    request.on("response", (response) => readAnswer(response).then(resolve, reject));
    request.on("error", reject);
    request.end(body);
  });
}

let server: RunningServer;

// One server for the file: its tests run one after another in one worker.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  // Booting a server (migrations, demo data) on a machine busy with the journeys takes a while.
  test.setTimeout(180_000);
  server = await startExtraServer({
    dataDir: `${DATA_DIR}-behind-proxy`,
    publicUrl: PUBLIC_ORIGIN,
    env: { TRUST_PROXY: "x-forwarded-for" },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test.describe("atrás de um proxy TLS", () => {
  test("um formulário do site é aceito, pela página e pela navegação do React Router", async () => {
    const page = await send(`${server.url}/contato`, { headers: { ...SAME_SITE, ...URLENCODED }, body: CONTACT.toString() });
    expect(page.status, page.text).toBe(302);
    expect(page.headers.location).toBe("/contato");

    const navigation = await send(`${server.url}/contato.data`, {
      headers: { ...SAME_SITE, ...URLENCODED },
      body: CONTACT.toString(),
    });
    expect(navigation.status, navigation.text).toBeLessThan(400);
    expect(navigation.text).toContain("/contato");
  });

  test("um envio de outra origem continua recusado", async () => {
    for (const origin of ["https://evil.example", "http://loja.example", "null"]) {
      const answer = await send(`${server.url}/contato`, {
        headers: { ...PROXY_HEADERS, ...URLENCODED, origin },
        body: CONTACT.toString(),
      });
      expect(answer.status, origin).toBe(403);
    }
    const withoutOrigin = await send(`${server.url}/contato`, {
      headers: { ...PROXY_HEADERS, ...URLENCODED, "sec-fetch-site": "cross-site" },
      body: CONTACT.toString(),
    });
    expect(withoutOrigin.status).toBe(403);
  });
});
