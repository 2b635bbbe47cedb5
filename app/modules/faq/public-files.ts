/**
 * The files of faq that other modules and app/components may import
 * (decision 0011); routes may import any file.
 */
export const PUBLIC_FILES: readonly string[] = ["demo-faq.ts", "demo-story.ts", "queries.server.ts"];
