/**
 * What each kind of uploaded image becomes. Every size is a box the image is
 * fitted inside (its longest side at most that many pixels), never enlarged:
 * a portrait and a landscape photo both stay whole, and a small original
 * gives fewer, smaller variants instead of blurry ones.
 */
export const UPLOAD_PURPOSES = ["logo", "product-photo", "blog-cover", "review-photo", "blog-image"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Formats the pipeline writes: WebP for the site, JPEG/PNG for places that may not read WebP. */
export const VARIANT_FORMATS = ["webp", "jpeg", "png"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

export const VARIANT_CONTENT_TYPES: Record<VariantFormat, string> = {
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
};

export type ImagePurposeSpec = {
  /** Boxes (longest side, px) of the WebP variants the site's pages pick from with srcset. */
  webpSizes: readonly number[];
  /**
   * One variant in a format every e-mail client, link preview (WhatsApp,
   * Facebook's og:image) and printer reads: JPEG for photos, PNG for the
   * logo, whose transparency must survive.
   */
  share: { format: "jpeg" | "png"; size: number };
  quality: number;
  /** Below this the image would look poor where the purpose is shown: refused. */
  minWidth: number;
  minHeight: number;
  /** Cut to a centred square (a reviewer's round avatar): every variant is box × box, never a strip. */
  isSquare?: boolean;
};

/**
 * Sizes from where each purpose is shown, at 1× and 2× screens:
 * - logo: the header (about 40 CSS px tall), printed documents and e-mails;
 * - product-photo: catalogue cards (about 160–300 CSS px wide) and a product's own view (up to 640);
 * - blog-cover: the blog list (up to about 480) and the post's full-width cover (up to 800);
 *   its JPEG is 1200 px, the width link previews ask of og:image;
 * - review-photo: the reviewer's 40 CSS px round avatar on the testimonial cards (80 px at 2×), square;
 * - blog-image: an image inside a post's text, as wide as its column (up to about 720 CSS px, 1440 at 2×);
 *   a screenshot or a detail may be small.
 */
export const IMAGE_PURPOSE_SPECS: Record<UploadPurpose, ImagePurposeSpec> = {
  logo: { webpSizes: [128, 256, 512], share: { format: "png", size: 512 }, quality: 90, minWidth: 64, minHeight: 16 },
  "product-photo": {
    webpSizes: [320, 640, 1280],
    share: { format: "jpeg", size: 1280 },
    quality: 80,
    minWidth: 200,
    minHeight: 200,
  },
  "blog-cover": {
    webpSizes: [480, 960, 1600],
    share: { format: "jpeg", size: 1200 },
    quality: 80,
    minWidth: 600,
    minHeight: 300,
  },
  "review-photo": {
    webpSizes: [80, 160],
    share: { format: "jpeg", size: 160 },
    quality: 80,
    minWidth: 64,
    minHeight: 64,
    isSquare: true,
  },
  "blog-image": {
    webpSizes: [480, 960, 1440],
    share: { format: "jpeg", size: 1200 },
    quality: 80,
    minWidth: 100,
    minHeight: 50,
  },
};

/**
 * The largest file accepted. A phone's 12-megapixel photo is 2–5 MB; a file
 * above this is a camera's RAW-sized export or not a photo at all.
 */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** What an image input offers: an iPhone then converts its HEIC photo to JPEG before sending. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";

export const MAX_IMAGE_MEGABYTES = MAX_IMAGE_BYTES / (1024 * 1024);

/**
 * The most pixels decoded. A PNG of 10 000 × 10 000 white pixels is 300 KB
 * on disk and 400 MB once decoded; phones' 50-megapixel mode still fits.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_IMAGE_MEGAPIXELS = MAX_IMAGE_PIXELS / 1_000_000;
