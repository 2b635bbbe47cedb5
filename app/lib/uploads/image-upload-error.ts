import { MAX_IMAGE_MEGABYTES, MAX_IMAGE_MEGAPIXELS } from "./image-purposes";

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
 * Portuguese message for the person, shown next to the file field. Anything
 * else thrown from the pipeline is a bug, not bad input.
 */
export class ImageUploadError extends Error {
  override name = "ImageUploadError";
  constructor(
    readonly code: ImageUploadRefusal,
    message: string = MESSAGES[code],
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export function tooSmallError(minWidth: number, minHeight: number) {
  return new ImageUploadError(
    "too-small",
    `A imagem é pequena demais: envie uma com pelo menos ${minWidth} × ${minHeight} pixels.`,
  );
}
