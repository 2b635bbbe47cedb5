import { describe, expect, it } from "vitest";
import { toUploadedImage } from "~/lib/uploads/uploaded-image";
import { bodyImageMarkdown } from "./body-image";

const ID = "0123456789abcdef0123456789abcdef";

describe("bodyImageMarkdown", () => {
  it("points at the upload's WebP file for the text's column, with the description as its text", () => {
    const image = toUploadedImage(ID, "blog-image", [
      { format: "webp", width: 480, height: 320 },
      { format: "webp", width: 960, height: 640 },
      { format: "webp", width: 1440, height: 960 },
      { format: "jpeg", width: 1200, height: 800 },
    ]);
    expect(bodyImageMarkdown(image, "Placa com  oxidação\nno conector")).toBe(
      `![Placa com oxidação no conector](/arquivos/${ID}-960.webp)`,
    );
  });

  it("escapes what would end the description early, and takes the smallest file of a small image", () => {
    const small = toUploadedImage(ID, "blog-image", [
      { format: "webp", width: 300, height: 200 },
      { format: "jpeg", width: 300, height: 200 },
    ]);
    expect(bodyImageMarkdown(small, "tela [antes] \\ depois")).toBe(`![tela \\[antes\\] \\\\ depois](/arquivos/${ID}-300.webp)`);
  });
});
