import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { VARIANT_FORMATS } from "./image-purposes";
import { parseUploadFileName, uploadFileName, uploadUrl } from "./upload-urls";
import { toUploadedImage } from "./uploaded-image";

const ID = "0123456789abcdef0123456789abcdef";

describe("upload file names", () => {
  it("name each variant by id, width and format", () => {
    expect(uploadUrl({ uploadId: ID, width: 640, format: "webp" })).toBe(`/arquivos/${ID}-640.webp`);
    expect(uploadFileName({ uploadId: ID, width: 1200, format: "jpeg" })).toBe(`${ID}-1200.jpg`);
    expect(parseUploadFileName(`${ID}-512.png`)).toEqual({ uploadId: ID, width: 512, format: "png" });
  });

  it("round-trip for every variant", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f]{32}$/),
        fc.integer({ min: 1, max: 99_999 }),
        fc.constantFrom(...VARIANT_FORMATS),
        (uploadId, width, format) => {
          expect(parseUploadFileName(uploadFileName({ uploadId, width, format }))).toEqual({ uploadId, width, format });
        },
      ),
    );
  });

  it.each([
    `${ID}-640.jpeg`,
    `${ID}-640.svg`,
    `${ID}-0640.webp`,
    `${ID}-0.webp`,
    `${ID}-123456.webp`,
    `${ID.toUpperCase()}-640.webp`,
    `${ID.slice(1)}-640.webp`,
    `${ID}-640.webp/..`,
    `../${ID}-640.webp`,
    `${ID}.webp`,
    "",
  ])("refuse %j", (name) => {
    expect(parseUploadFileName(name)).toBeNull();
  });
});

describe("toUploadedImage", () => {
  it("gives pages the WebP srcset, the largest as src with its size, and the file to share", () => {
    const image = toUploadedImage(ID, "blog-cover", [
      { format: "jpeg", width: 1200, height: 675 },
      { format: "webp", width: 960, height: 540 },
      { format: "webp", width: 480, height: 270 },
      { format: "webp", width: 1600, height: 900 },
    ]);
    expect(image).toMatchObject({
      src: `/arquivos/${ID}-1600.webp`,
      width: 1600,
      height: 900,
      srcSet: `/arquivos/${ID}-480.webp 480w, /arquivos/${ID}-960.webp 960w, /arquivos/${ID}-1600.webp 1600w`,
      share: { url: `/arquivos/${ID}-1200.jpg`, format: "jpeg", width: 1200, height: 675 },
    });
    expect(image.files).toHaveLength(4);
  });
});
