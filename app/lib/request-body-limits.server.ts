import { MAX_IMAGE_BYTES, MAX_IMAGE_MEGABYTES } from "./uploads/image-purposes";
import { FORM_FIELDS_MAX_BYTES } from "./uploads/read-upload-form.server";

/** A form without a file: far more than any of the site's forms holds, far less than a server should keep in memory. */
export const MAX_FORM_BODY_BYTES = 1024 * 1024;

/** A form with a file: the largest image and room for the other fields, as readUploadForm counts them. */
export const MAX_MULTIPART_BODY_BYTES = MAX_IMAGE_BYTES + FORM_FIELDS_MAX_BYTES;

export const BODY_TOO_LARGE_MESSAGE = `Envio grande demais: um formulário aceita até 1 MB de texto e imagens de até ${MAX_IMAGE_MEGABYTES} MB.`;

/** Only a multipart form can carry a file (the test readUploadForm makes). */
export function isMultipartForm(contentType: string | undefined) {
  return /^multipart\/form-data\s*;/i.test(contentType ?? "");
}

/**
 * A refusal the server gives before React Router runs, as a page of the site:
 * its words, the way back, and the site's icon (without one the browser asks
 * for /favicon.ico, which the site does not have).
 */
function refusalPage(status: number, title: string, paragraphs: string[]) {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${title} — Balcão</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;color:#0f172a;background:#fff}
main{max-width:36rem;margin:0 auto;padding:5rem 1.5rem;text-align:center}
.status{font-size:3rem;font-weight:700;color:#1d4ed8;margin:0}
h1{font-size:1.5rem}
p{color:#334155;line-height:1.5}
a{color:#1d4ed8}
</style>
</head>
<body>
<main id="conteudo">
<p class="status">${status}</p>
<h1>${title}</h1>
${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join("\n")}
<p><a href="/">Voltar ao início</a></p>
</main>
</body>
</html>
`;
}

/**
 * The answer to a page's form over the cap (refused before its body is read,
 * so nothing of it can come back): the site's words and the limits, and the
 * way back. The browser's Back button returns to the form with what was
 * typed still in it. A page's own request, not React Router's `.data`
 * fetch, which takes the plain message (the error page shows it).
 */
export const BODY_TOO_LARGE_PAGE = refusalPage(413, "Arquivo grande demais", [
  `${BODY_TOO_LARGE_MESSAGE} Nada foi enviado nem salvo.`,
  "Use o botão Voltar do navegador: o formulário volta com o que você digitou. Escolha um arquivo menor e envie de novo.",
]);

export const METHOD_NOT_ALLOWED_MESSAGE = "Este endereço não aceita este tipo de pedido: abra a página e use os botões dela.";

/** A method the site does not answer (PUT, DELETE…), or a post to an address without a form. */
export const METHOD_NOT_ALLOWED_PAGE = refusalPage(405, "Pedido não aceito", [
  METHOD_NOT_ALLOWED_MESSAGE,
  "Use o botão Voltar do navegador e tente de novo pela página.",
]);

export const FILES_NOT_ACCEPTED_MESSAGE = "Este formulário não recebe arquivos: o envio foi recusado e nada foi salvo.";

/** A multipart form (one that can carry a file) posted to a page whose form takes no file. */
export const FILES_NOT_ACCEPTED_PAGE = refusalPage(415, "Envio não aceito", [
  FILES_NOT_ACCEPTED_MESSAGE,
  "Use o botão Voltar do navegador e envie o formulário pela página.",
]);

export const NUL_IN_FORM_MESSAGE = "O formulário tem um caractere inválido (NUL) e foi recusado: nada foi salvo.";

/** A form carrying a NUL character, refused before any route reads it (see formCarriesNul). */
export const NUL_IN_FORM_PAGE = refusalPage(400, "Caractere inválido", [
  NUL_IN_FORM_MESSAGE,
  "Use o botão Voltar do navegador, apague o caractere e envie de novo.",
]);

/**
 * A form field with a NUL character: no one types one, PostgreSQL refuses it
 * in text, and a field read leniently could turn "10\u0000" or "\u0000" into a
 * value a schema accepts. One check for every form of the site, on a copy of
 * the body (the route still reads the original). File contents are not text.
 */
export async function formCarriesNul(request: Request) {
  const contentType = request.headers.get("content-type") ?? "";
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) {
    const body = await request.clone().text();
    return /%00/i.test(body) || body.includes("\u0000");
  }
  if (isMultipartForm(contentType)) {
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    return form !== null && [...form.values()].some((value) => typeof value === "string" && value.includes("\u0000"));
  }
  return false;
}

/** React Router's own requests for a page's data and actions end in `.data`; a page's form posts to the page. */
export function isDataRequest(path: string) {
  return path.endsWith(".data");
}
