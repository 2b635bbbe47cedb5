import { InputError } from "../errors";
import { MAX_IMAGE_MEGABYTES, MAX_IMAGE_MEGAPIXELS } from "./image-purposes";

/** The form field the message goes next to: a page whose file input has another name maps it. */
export const IMAGE_FIELD = "image";

export const ACCEPTED_TYPES_MESSAGE = "Envie uma imagem JPG, PNG ou WebP.";

const MESSAGES = {
  empty: "Escolha uma imagem para enviar.",
  "unsupported-type": ACCEPTED_TYPES_MESSAGE,
  svg: `Imagens SVG não são aceitas, porque podem conter código. ${ACCEPTED_TYPES_MESSAGE}`,
  heic: `Fotos HEIC (o formato do iPhone) não são aceitas. ${ACCEPTED_TYPES_MESSAGE}`,
  avif: `Imagens AVIF não são aceitas. ${ACCEPTED_TYPES_MESSAGE}`,
  gif: `Imagens GIF não são aceitas. ${ACCEPTED_TYPES_MESSAGE}`,
  "too-large": `A imagem passa de ${MAX_IMAGE_MEGABYTES} MB. Envie uma imagem menor.`,
  "too-many-pixels": `A imagem passa de ${MAX_IMAGE_MEGAPIXELS} megapixels. Reduza a resolução e envie de novo.`,
  "too-small": "A imagem é pequena demais.",
  unreadable: "Não foi possível ler a imagem: o arquivo está corrompido ou incompleto.",
  "unreadable-form": "Não foi possível ler o formulário enviado. Tente de novo.",
} as const;

export type ImageUploadRefusal = keyof typeof MESSAGES;

/**
 * The one way the upload pipeline says no: a code for the program and a
 * Portuguese message for the person, next to the file field (an InputError,
 * so an action answers it with formRefusal like any other). Anything else
 * thrown from the pipeline is a bug, not bad input.
 */
export class ImageUploadError extends InputError {
  override name = "ImageUploadError";
  constructor(
    override readonly code: ImageUploadRefusal,
    message: string = MESSAGES[code],
    options?: ErrorOptions,
  ) {
    super(code, { [IMAGE_FIELD]: message });
    this.message = message;
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

export function tooSmallError(minWidth: number, minHeight: number) {
  return new ImageUploadError(
    "too-small",
    `A imagem é pequena demais: envie uma com pelo menos ${minWidth} × ${minHeight} pixels.`,
  );
}
