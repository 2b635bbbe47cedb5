export const ORIGINAL_NAME_MAX_LENGTH = 120;
const EXTENSION_MAX_LENGTH = 10;

/**
 * The uploaded file's name as the staff will read it in the list of
 * uploads: the last path segment only (some browsers send the full path),
 * without control or invisible formatting characters (a right-to-left
 * override makes "gpj.exe" read "exe.jpg"), spaces collapsed, at most 120
 * characters with the extension kept. It is only a label: nothing is ever
 * looked up, stored or served by it.
 */
export function sanitiseOriginalName(name: string): string {
  const lastSegment = name.split(/[\\/]/).at(-1) ?? "";
  const cleaned = lastSegment
    .toWellFormed()
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\uFFFD]/gu, "")
    .replace(/\s+/gu, " ")
    .trim();
  const characters = [...cleaned];
  if (characters.length <= ORIGINAL_NAME_MAX_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 ? cleaned.slice(dot) : "";
  const kept = extension.length <= EXTENSION_MAX_LENGTH ? extension : "";
  return `${characters.slice(0, ORIGINAL_NAME_MAX_LENGTH - 1 - [...kept].length).join("")}…${kept}`;
}
