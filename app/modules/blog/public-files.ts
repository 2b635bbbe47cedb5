/**
 * The files of blog that other modules and app/components may import
 * (decision 0011); routes may import any file. markdown.server.ts is the one
 * Markdown renderer and sanitiser: reviews, the FAQ and the story use it too,
 * and refuse on save what markdown-nesting.ts says it could not render.
 */
export const PUBLIC_FILES: readonly string[] = [
  "demo-posts.ts",
  "markdown.server.ts",
  "markdown-nesting.ts",
  "queries.server.ts",
];
