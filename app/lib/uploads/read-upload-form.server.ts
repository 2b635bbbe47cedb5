import { MAX_IMAGE_BYTES } from "./image-purposes";
import { ImageUploadError } from "./image-upload-error";
import { sanitiseOriginalName } from "./original-file-name";

/** Room for the rest of a form sent with an image (a blog post's text, a product's description) and the multipart framing. */
export const FORM_FIELDS_MAX_BYTES = 1024 * 1024;

export type UploadFormLimits = { maxFileBytes?: number; maxFieldsBytes?: number };

class BodyTooLargeError extends Error {}

/** Passes the body through, erroring as soon as more than `limit` bytes have gone by. */
function countingStream(limit: number) {
  let total = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      total += chunk.byteLength;
      if (total > limit) controller.error(new BodyTooLargeError());
      else controller.enqueue(chunk);
    },
  });
}

/**
 * A multipart form carrying a file, read with a cap on its size before it is
 * held in memory: a Content-Length above the cap is refused without reading
 * a byte, and a body without one (or lying about it) is counted as it
 * arrives and abandoned at the cap. Refuses with ImageUploadError only.
 */
export async function readUploadForm(request: Request, limits: UploadFormLimits = {}): Promise<FormData> {
  const maxBodyBytes = (limits.maxFileBytes ?? MAX_IMAGE_BYTES) + (limits.maxFieldsBytes ?? FORM_FIELDS_MAX_BYTES);
  if (!/^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? "") || !request.body) {
    throw new ImageUploadError("unreadable-form");
  }
  const declaredLength = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declaredLength > maxBodyBytes) throw new ImageUploadError("too-large");

  const counted = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body.pipeThrough(countingStream(maxBodyBytes)),
    duplex: "half",
  } as RequestInit);
  try {
    return await counted.formData();
  } catch (error) {
    const isTooLarge = error instanceof BodyTooLargeError || (error instanceof Error && error.cause instanceof BodyTooLargeError);
    throw new ImageUploadError(isTooLarge ? "too-large" : "unreadable-form", undefined, { cause: error });
  }
}

export type UploadedFile = { bytes: Uint8Array; originalName: string };

/**
 * The file of one field, or null when none was chosen (a browser sends an
 * empty part then). Only its bytes and a cleaned-up name come out: the
 * Content-Type the browser claimed for it is never read.
 */
export async function uploadedFileFrom(
  form: FormData,
  fieldName: string,
  maxFileBytes: number = MAX_IMAGE_BYTES,
): Promise<UploadedFile | null> {
  const value = form.get(fieldName);
  if (!(value instanceof File)) return null;
  if (value.size === 0 && value.name === "") return null;
  if (value.size > maxFileBytes) throw new ImageUploadError("too-large");
  return { bytes: new Uint8Array(await value.arrayBuffer()), originalName: sanitiseOriginalName(value.name) };
}

/**
 * The bytes of the one file an import form sends (a spreadsheet, a review
 * export), at most `maxBytes`; empty when none was sent. The reader's
 * refusals speak of images: they reach `refuse` as the message for the
 * file's field, a file too large with `tooLargeMessage`.
 */
export async function readImportFile(
  request: Request,
  options: { field: string; maxBytes: number; tooLargeMessage: string; refuse: (message: string) => Error },
): Promise<Uint8Array> {
  return (await readImportForm(request, options)).bytes;
}

/** As readImportFile, with the form's text fields too (the import's idempotency key). */
export async function readImportForm(
  request: Request,
  {
    field,
    maxBytes,
    tooLargeMessage,
    refuse,
  }: { field: string; maxBytes: number; tooLargeMessage: string; refuse: (message: string) => Error },
): Promise<{ bytes: Uint8Array; text: (name: string) => string }> {
  try {
    const form = await readUploadForm(request, { maxFileBytes: maxBytes });
    const bytes = (await uploadedFileFrom(form, field, maxBytes))?.bytes ?? new Uint8Array();
    return {
      bytes,
      text: (name) => {
        const value = form.get(name);
        return typeof value === "string" ? value : "";
      },
    };
  } catch (error) {
    if (!(error instanceof ImageUploadError)) throw error;
    throw refuse(error.code === "too-large" ? tooLargeMessage : error.message);
  }
}
