import type { UploadedImage } from "~/lib/uploads/uploaded-image";

/** The file a text's image points at when no srcset is given (the FAQ, a preview): about the body column at 1×–1.5×. */
const BODY_IMAGE_SRC_WIDTH = 960;

/** A description as Markdown image text: one line, and no bracket or backslash to end it early. */
function markdownAltText(alt: string) {
  return alt
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\\[\]]/g, (character) => `\\${character}`);
}

/** What "Inserir imagem no texto" puts in a post: `![description](/arquivos/<id>-960.webp)`. */
export function bodyImageMarkdown(image: UploadedImage, alt: string) {
  const webp = image.files.filter((file) => file.format === "webp");
  const src = webp.filter((file) => file.width <= BODY_IMAGE_SRC_WIDTH).at(-1) ?? webp[0] ?? image.share;
  return `![${markdownAltText(alt)}](${src.url})`;
}
