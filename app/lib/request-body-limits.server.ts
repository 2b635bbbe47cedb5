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
