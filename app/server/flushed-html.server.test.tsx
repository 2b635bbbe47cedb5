import { Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FlushedHtml } from "./flushed-html.server";

const ROWS = Array.from({ length: 1500 }, (_, index) => `Ordem de serviço ${index} — Cliente Fulano de Tal`);

function Page({ late }: { late?: Promise<string> }) {
  return (
    <html lang="pt-BR">
      <body>
        <ul>
          {ROWS.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
        {late && (
          <Suspense fallback={<p>Carregando…</p>}>
            <Late value={late} />
          </Suspense>
        )}
      </body>
    </html>
  );
}

function Late({ value }: { value: Promise<string> }) {
  return <p>{use(value)}</p>;
}

/** Renders as entry.server does and reads the body chunk by chunk. */
function render(page: React.ReactNode) {
  let ended = 0;
  const html = new FlushedHtml(() => ended++);
  const { pipe } = renderToPipeableStream(page, {
    onShellReady() {
      pipe(html);
    },
  });
  return { html, reader: html.body.getReader(), ended: () => ended };
}

async function readAll(reader: ReadableStreamDefaultReader<Uint8Array>) {
  const chunks: string[] = [];
  for (let next = await reader.read(); !next.done; next = await reader.read())
    chunks.push(Buffer.from(next.value).toString("utf8"));
  return chunks;
}

describe("FlushedHtml", () => {
  it("hands a page rendered in one pass on as one chunk, though React writes it in 4 KB pieces", async () => {
    const { reader, ended } = render(<Page />);
    const chunks = await readAll(reader);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.length).toBeGreaterThan(60_000);
    expect(chunks[0]).toContain(ROWS.at(-1));
    expect(chunks[0]).toMatch(/<\/html>$/);
    expect(ended()).toBe(1);
  });

  it("still streams: the shell first, then the Suspense boundary when it resolves, one chunk each", async () => {
    let resolve!: (value: string) => void;
    const late = new Promise<string>((done) => (resolve = done));
    const { reader } = render(<Page late={late} />);
    const shell = await reader.read();
    const first = Buffer.from(shell.value!).toString("utf8");
    expect(first).toContain("Carregando…");
    expect(first).not.toContain("Chegou a peça");
    resolve("Chegou a peça");
    const rest = await readAll(reader);
    expect(rest).toHaveLength(1);
    expect(rest[0]).toContain("Chegou a peça");
  });

  it("tells React the client went away, so it stops rendering, and ends once", async () => {
    const late = new Promise<string>(() => {});
    const { html, reader, ended } = render(<Page late={late} />);
    let closed = false;
    html.on("close", () => (closed = true));
    await reader.read();
    await reader.cancel();
    expect(closed).toBe(true);
    expect(ended()).toBe(1);
    expect(html.write("<p>depois</p>")).toBe(false);
    html.end();
    expect(ended()).toBe(1);
  });
});
