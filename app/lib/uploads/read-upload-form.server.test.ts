import { describe, expect, it } from "vitest";
import { imageUploadRefusal, pngImage, TEXT_FILES } from "../../../tests/support/images";
import { processImage } from "./process-image.server";
import { FORM_FIELDS_MAX_BYTES, readUploadForm, uploadedFileFrom } from "./read-upload-form.server";

const URL = "http://localhost:3000/configuracoes";

function multipartRequest(form: FormData) {
  return new Request(URL, { method: "POST", body: form });
}

/** A body that arrives in chunks and counts how much of it was pulled. */
function trickle(chunk: Uint8Array, chunks: number) {
  const sent = { chunks: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent.chunks === chunks) return controller.close();
        sent.chunks++;
        controller.enqueue(chunk);
      },
    },
    // Nothing is produced until someone reads.
    { highWaterMark: 0 },
  );
  return { body, sent };
}

describe("readUploadForm", () => {
  it("reads the file and the other fields of a multipart form", async () => {
    const form = new FormData();
    form.set("titulo", "Troca de tela");
    form.set("capa", new File([new Uint8Array([1, 2, 3])], "C:\\Fotos\\capa.png", { type: "image/png" }));
    const read = await readUploadForm(multipartRequest(form));
    expect(read.get("titulo")).toBe("Troca de tela");
    const file = await uploadedFileFrom(read, "capa");
    expect(file).toEqual({ bytes: new Uint8Array([1, 2, 3]), originalName: "capa.png" });
  });

  it("says no file was chosen for an empty file part or a missing field", async () => {
    const form = new FormData();
    form.set("capa", new File([], "", { type: "application/octet-stream" }));
    const read = await readUploadForm(multipartRequest(form));
    expect(await uploadedFileFrom(read, "capa")).toBeNull();
    expect(await uploadedFileFrom(read, "outra")).toBeNull();
  });

  it("refuses by Content-Length before reading a byte", async () => {
    const { body, sent } = trickle(new Uint8Array(1024), 10);
    const request = new Request(URL, {
      method: "POST",
      body,
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(20 * 1024 * 1024) },
      duplex: "half",
    } as RequestInit);
    const error = await imageUploadRefusal(readUploadForm(request));
    expect(error.code).toBe("too-large");
    expect(error.message).toBe("A imagem passa de 8 MB. Envie uma imagem menor.");
    expect(sent.chunks).toBe(0);
  });

  it("stops reading a body without Content-Length at the cap", async () => {
    const chunk = new Uint8Array(64 * 1024);
    const maxFileBytes = 256 * 1024;
    const { body, sent } = trickle(chunk, 1000);
    const request = new Request(URL, {
      method: "POST",
      body,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    const error = await imageUploadRefusal(readUploadForm(request, { maxFileBytes }));
    expect(error.code).toBe("too-large");
    // Pulled up to the cap (plus what the stream had buffered ahead), never the whole 64 MB.
    const capChunks = Math.ceil((maxFileBytes + FORM_FIELDS_MAX_BYTES) / chunk.byteLength);
    expect(sent.chunks).toBeGreaterThanOrEqual(capChunks);
    expect(sent.chunks).toBeLessThan(capChunks + 5);
  });

  it("refuses a file above the cap inside a form that fits", async () => {
    const form = new FormData();
    form.set("foto", new File([new Uint8Array(300 * 1024)], "grande.jpg"));
    const read = await readUploadForm(multipartRequest(form));
    expect((await imageUploadRefusal(uploadedFileFrom(read, "foto", 200 * 1024))).code).toBe("too-large");
  });

  it("refuses what is not a multipart form, or a broken one, with a message", async () => {
    const urlEncoded = new Request(URL, { method: "POST", body: new URLSearchParams({ a: "b" }) });
    expect((await imageUploadRefusal(readUploadForm(urlEncoded))).code).toBe("unreadable-form");
    const broken = new Request(URL, {
      method: "POST",
      body: "lixo sem fronteira",
      headers: { "content-type": "multipart/form-data; boundary=zzz" },
    });
    const error = await imageUploadRefusal(readUploadForm(broken));
    expect(error.code).toBe("unreadable-form");
    expect(error.message).toBe("Não foi possível ler o formulário enviado. Tente de novo.");
    const get = new Request(URL, { headers: { "content-type": "multipart/form-data; boundary=zzz" } });
    expect((await imageUploadRefusal(readUploadForm(get))).code).toBe("unreadable-form");
  });
});

/** What an action does with a posted file: read the form, take the file, process it. */
async function postAndProcess(file: File) {
  const form = new FormData();
  form.set("foto", file);
  const uploaded = await uploadedFileFrom(await readUploadForm(multipartRequest(form)), "foto");
  return processImage(uploaded!.bytes, "product-photo");
}

describe("a form's file through the pipeline", () => {
  it("takes a PNG sent as foto.jpg with Content-Type image/jpeg for the PNG it is", async () => {
    const png = await pngImage(400, 300);
    const image = await postAndProcess(new File([png], "foto.jpg", { type: "image/jpeg" }));
    expect(image.source.format).toBe("png");
  });

  it("refuses SVG, HTML and text sent as .png with Content-Type image/png", async () => {
    const expected = { svg: "svg", html: "unsupported-type", text: "unsupported-type" } as const;
    for (const [kind, content] of Object.entries(TEXT_FILES) as [keyof typeof TEXT_FILES, string][]) {
      const error = await imageUploadRefusal(postAndProcess(new File([content], "imagem.png", { type: "image/png" })));
      expect(error.code, kind).toBe(expected[kind]);
    }
  });
});
