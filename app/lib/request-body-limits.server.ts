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
 * The answer to a page's form over the cap (refused before its body is read,
 * so nothing of it can come back): the site's words and the limits, and the
 * way back. The browser's Back button returns to the form with what was
 * typed still in it. A page's own request, not React Router's `.data`
 * fetch, which takes the plain message (the error page shows it).
 */
export const BODY_TOO_LARGE_PAGE = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Arquivo grande demais — Balcão</title>
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
<p class="status">413</p>
<h1>Arquivo grande demais</h1>
<p>${BODY_TOO_LARGE_MESSAGE} Nada foi enviado nem salvo.</p>
<p>Use o botão Voltar do navegador: o formulário volta com o que você digitou. Escolha um arquivo menor e envie de novo.</p>
<p><a href="/">Voltar ao início</a></p>
</main>
</body>
</html>
`;

/** React Router's own requests for a page's data and actions end in `.data`; a page's form posts to the page. */
export function isDataRequest(path: string) {
  return path.endsWith(".data");
}
