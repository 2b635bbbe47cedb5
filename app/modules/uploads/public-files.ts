/**
 * The files of uploads that other modules and app/components may import
 * (decision 0011); routes may import any file. A module storing an image
 * (a product photo, a blog cover, the shop's logo) calls the mutations in
 * its own transaction and reads images through the queries.
 */
export const PUBLIC_FILES: readonly string[] = ["mutations.server.ts", "queries.server.ts"];
