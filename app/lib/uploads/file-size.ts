/**
 * A file's size as people read it on this site ("16,8 MB", "800 KB"): one
 * decimal in megabytes, rounded up (a file just over an 8 MB cap never reads
 * "8 MB"), whole kilobytes below one. Binary units, the ones the caps are
 * written in (8 MB is 8 × 1024 × 1024 bytes).
 */
export function formatFileSize(bytes: number) {
  const kilobytes = bytes / 1024;
  if (kilobytes < 1024) return `${Math.max(1, Math.ceil(kilobytes))} KB`;
  const tenths = Math.ceil(Number(((kilobytes / 1024) * 10).toFixed(6)));
  return `${String(tenths / 10).replace(".", ",")} MB`;
}

const WORDS = {
  image: { chosen: "A imagem escolhida", notSent: "não foi enviada", smaller: "Escolha uma imagem menor." },
  file: { chosen: "O arquivo escolhido", notSent: "não foi enviado", smaller: "Escolha um arquivo menor." },
};

/** What a person reads after choosing a file over its field's cap, before anything is sent. */
export function fileTooLargeMessage(size: number, maxBytes: number, kind: keyof typeof WORDS) {
  const words = WORDS[kind];
  return `${words.chosen} tem ${formatFileSize(size)} e o limite é ${formatFileSize(maxBytes)}: ${words.notSent}. ${words.smaller}`;
}
