import fs from "node:fs";
import http from "node:http";
import { Readable } from "node:stream";
import { DATA_DIR } from "./support/e2e-env";
import { startExtraServer, type RunningServer } from "./support/server-process";
import { expect, test } from "./support/test";

/**
 * A server started the way a shop deploys it: Node on plain http behind a
 * proxy that terminates TLS (PUBLIC_URL https, TRUST_PROXY set), spoken to
 * over HTTP as the proxy would. Its own server, not the journeys': the
 * settings differ, and the memory of its process is measured.
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
const MB = 1024 * 1024;
/** Far less than the body a server reading it whole would hold (it needed 1.3 GB of memory for this one). */
const MEMORY_GROWTH_LIMIT = 48 * MB;

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

/**
 * Streams `bytes` of body (with a Content-Length, or chunked without one) and
 * stops sending as soon as the server answers: a server that refuses early
 * does not wait for, or keep, the rest.
 */
function sendLarge(
  url: string,
  {
    headers,
    prefix,
    bytes,
    declareLength,
  }: { headers: http.OutgoingHttpHeaders; prefix: string; bytes: number; declareLength: boolean },
) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      headers: declareLength ? { ...headers, "content-length": String(bytes) } : headers,
    });
    const filler = Buffer.alloc(64 * 1024, "a");
    const body = Readable.from(
      (function* () {
        yield Buffer.from(prefix);
        for (let sent = prefix.length; sent < bytes; sent += filler.length)
          yield filler.subarray(0, Math.min(filler.length, bytes - sent));
      })(),
    );
    let isAnswered = false;
    request.on("response", (response) => {
      isAnswered = true;
      body.unpipe(request);
      body.destroy();
      readAnswer(response).then((answer) => {
        request.destroy();
        resolve(answer);
      }, reject);
    });
    // The server closes the connection on the rest of a refused body: only an error before its answer counts.
    request.on("error", (error) => {
      if (!isAnswered) reject(error);
    });
    body.pipe(request);
  });
}

function memoryOf(pid: number, field: "VmRSS" | "VmHWM") {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
  if (!kilobytes) throw new Error(`/proc/${pid}/status sem ${field}`);
  return Number(kilobytes) * 1024;
}

/** Linux: "5" resets the process's peak resident memory (VmHWM) to what it uses now. */
function resetPeakMemory(pid: number) {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

function multipartBody(boundary: string, fields: URLSearchParams, file: { name: string; bytes: number }) {
  const parts = [...fields].map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return Buffer.concat([
    Buffer.from(parts.join("")),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="foto"; filename="${file.name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    Buffer.alloc(file.bytes, 0xff),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
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

    const form = await send(`${server.url}/contato`, { method: "GET", headers: PROXY_HEADERS });
    expect(form.status).toBe(200);
    expect(form.text).toContain('name="message"');

    const navigation = await send(`${server.url}/contato.data`, {
      headers: { ...SAME_SITE, ...URLENCODED },
      body: CONTACT.toString(),
    });
    expect(navigation.status, navigation.text).toBeLessThan(400);
    expect(navigation.text).toContain("/contato");
  });

  test("o formulário de entrada sem JavaScript chega ao better-auth, que aceita a origem pública", async () => {
    // A wrong password: the answer is better-auth's verdict on the credentials, not a refused origin.
    const signIn = await send(`${server.url}/auth`, {
      headers: { ...SAME_SITE, ...URLENCODED },
      body: new URLSearchParams({ intent: "login", email: "ninguem@loja.example", password: "Errada#Senha2026" }).toString(),
    });
    expect(signIn.status).toBe(400);
    expect(signIn.text).toContain("E-mail ou senha incorretos.");
    expect(signIn.text).not.toContain("Requisição recusada por segurança");
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

test.describe("tamanho do envio", () => {
  test("100 MB de formulário recebem 413 sem a memória do servidor subir, com ou sem Content-Length", async () => {
    for (const declareLength of [true, false]) {
      const before = memoryOf(server.pid, "VmRSS");
      resetPeakMemory(server.pid);
      const answer = await sendLarge(`${server.url}/contato`, {
        headers: { ...SAME_SITE, ...URLENCODED },
        prefix: "name=Ana&message=",
        bytes: 100 * MB,
        declareLength,
      });
      expect(answer.status, `Content-Length: ${declareLength}`).toBe(413);
      expect(answer.text).toContain("grande demais");
      expect(memoryOf(server.pid, "VmHWM") - before, `Content-Length: ${declareLength}`).toBeLessThan(MEMORY_GROWTH_LIMIT);
    }
  });

  test("um envio com imagem acima do limite recebe 413; dentro do limite, passa do limite e chega à verificação seguinte", async () => {
    const boundary = "----balcao-e2e";
    const headers = { ...SAME_SITE, "content-type": `multipart/form-data; boundary=${boundary}` };

    const tooLarge = await send(`${server.url}/contato`, {
      headers,
      body: multipartBody(boundary, CONTACT, { name: "grande.jpg", bytes: 10 * MB }),
    });
    expect(tooLarge.status).toBe(413);
    // A page's form (no JavaScript): the site's page in Portuguese with the limits, not a bare text.
    expect(tooLarge.headers["content-type"]).toMatch(/^text\/html/);
    expect(tooLarge.text).toContain("Arquivo grande demais");
    expect(tooLarge.text).toContain("imagens de até 8 MB");

    const photo = await send(`${server.url}/contato`, {
      headers,
      body: multipartBody(boundary, CONTACT, { name: "tela.jpg", bytes: 5 * MB }),
    });
    // Within the cap, the next check answers: /contato's form takes no file (415, the site's page).
    expect(photo.status, photo.text).toBe(415);
    expect(photo.headers["content-type"]).toMatch(/^text\/html/);
    expect(photo.text).toContain("não recebe arquivos");
  });

  test("um formulário comum continua funcionando", async () => {
    const answer = await send(`${server.url}/contato`, { headers: { ...SAME_SITE, ...URLENCODED }, body: CONTACT.toString() });
    expect(answer.status, answer.text).toBe(302);
    expect(answer.headers.location).toBe("/contato");
  });
});
