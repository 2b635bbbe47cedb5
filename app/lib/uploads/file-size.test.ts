import { describe, expect, it } from "vitest";
import { fileTooLargeMessage, formatFileSize } from "./file-size";
import { MAX_IMAGE_BYTES } from "./image-purposes";

const MB = 1024 * 1024;

describe("formatFileSize", () => {
  it("says megabytes with a comma, rounded up, and kilobytes below one", () => {
    expect(formatFileSize(16.8 * MB)).toBe("16,8 MB");
    expect(formatFileSize(MAX_IMAGE_BYTES)).toBe("8 MB");
    expect(formatFileSize(MAX_IMAGE_BYTES + 1)).toBe("8,1 MB");
    expect(formatFileSize(300 * 1024)).toBe("300 KB");
    expect(formatFileSize(10)).toBe("1 KB");
  });
});

describe("fileTooLargeMessage", () => {
  it("names the chosen size and the limit", () => {
    expect(fileTooLargeMessage(16.8 * MB, MAX_IMAGE_BYTES, "image")).toBe(
      "A imagem escolhida tem 16,8 MB e o limite é 8 MB: não foi enviada. Escolha uma imagem menor.",
    );
    expect(fileTooLargeMessage(5 * MB, 4 * MB, "file")).toBe(
      "O arquivo escolhido tem 5 MB e o limite é 4 MB: não foi enviado. Escolha um arquivo menor.",
    );
  });
});
