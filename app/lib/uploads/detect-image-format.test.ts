import { describe, expect, it } from "vitest";
import { avifImage, gifImage, jpegPhoto, pngImage, TEXT_FILES, webpImage } from "../../../tests/support/images";
import { detectImageFormat } from "./detect-image-format";
import { ImageUploadError, type ImageUploadRefusal } from "./image-upload-error";

const encode = (text: string) => new TextEncoder().encode(text);

function refusalOf(bytes: Uint8Array): ImageUploadRefusal | "accepted" {
  try {
    detectImageFormat(bytes);
    return "accepted";
  } catch (error) {
    if (error instanceof ImageUploadError) return error.code;
    throw error;
  }
}

/** An ISO media file's first box, as HEIC and AVIF files start. */
function ftyp(major: string, compatible: string[]) {
  const brands = [major, "\0\0\0\0", ...compatible].join("");
  const size = 8 + brands.length;
  return new Uint8Array([0, 0, 0, size, ...encode("ftyp"), ...encode(brands), ...new Uint8Array(32)]);
}

describe("detectImageFormat", () => {
  it("reads JPEG, PNG and WebP from their content", async () => {
    expect(detectImageFormat(await jpegPhoto({ width: 20, height: 10 }))).toBe("jpeg");
    expect(detectImageFormat(await pngImage(20, 10))).toBe("png");
    expect(detectImageFormat(await webpImage(20, 10))).toBe("webp");
  });

  it("refuses SVG with its own message, even with a BOM, spaces or an XML prolog before it", () => {
    for (const text of [TEXT_FILES.svg, `\uFEFF  \n${TEXT_FILES.svg}`, "<svg><rect/></svg>", "<!-- x -->\n<SVG width='1'/>"]) {
      expect(refusalOf(encode(text))).toBe("svg");
    }
    expect(() => detectImageFormat(encode(TEXT_FILES.svg))).toThrow(/SVG não são aceitas.*JPG, PNG ou WebP/);
  });

  it("refuses HTML, text, PDF and an empty file", () => {
    expect(refusalOf(encode(TEXT_FILES.html))).toBe("unsupported-type");
    expect(refusalOf(encode(TEXT_FILES.text))).toBe("unsupported-type");
    expect(refusalOf(encode("%PDF-1.7\n%âãÏÓ"))).toBe("unsupported-type");
    expect(refusalOf(new Uint8Array())).toBe("empty");
    expect(() => detectImageFormat(encode(TEXT_FILES.html))).toThrow("Envie uma imagem JPG, PNG ou WebP.");
  });

  it("names GIF, AVIF and HEIC when refusing them", async () => {
    expect(refusalOf(await gifImage(10, 10))).toBe("gif");
    expect(refusalOf(await avifImage(16, 16))).toBe("avif");
    expect(refusalOf(ftyp("heic", ["mif1", "heic"]))).toBe("heic");
    expect(refusalOf(ftyp("mif1", ["heic"]))).toBe("heic");
    // AVIF written by some tools: the generic HEIF brand first, avif among the compatible ones.
    expect(refusalOf(ftyp("mif1", ["avif", "miaf"]))).toBe("avif");
    expect(refusalOf(ftyp("isom", ["mp41"]))).toBe("unsupported-type");
  });

  it("is not fooled by a signature cut short or a RIFF that is not WebP", () => {
    expect(refusalOf(new Uint8Array([0xff, 0xd8]))).toBe("unsupported-type");
    expect(refusalOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe("unsupported-type");
    expect(refusalOf(encode("RIFF\0\0\0\0WAVEfmt "))).toBe("unsupported-type");
  });
});
