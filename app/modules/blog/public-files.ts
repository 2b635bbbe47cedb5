/**
 * The files of blog that other modules and app/components may import
 * (decision 0011); routes may import any file. markdown.server.ts is the one
 * Markdown renderer and sanitiser: reviews, the FAQ and the story use it too.
 */
export const PUBLIC_FILES: readonly string[] = ["demo-posts.ts", "queries.server.ts", "markdown.server.ts"];
