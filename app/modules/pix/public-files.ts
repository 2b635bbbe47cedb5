/**
 * The files of pix that other modules and app/components may import
 * (decision 0011): the BR Code, the charge for the PIX panel, the discount
 * rule and the components the sale, register and later Money screens show.
 */
export const PUBLIC_FILES: readonly string[] = [
  "br-code.ts",
  "pix-charge.ts",
  "pix-charge.server.ts",
  "pix-discount.ts",
  "components/pix-charge.tsx",
  "components/pix-discount-notice.tsx",
];
