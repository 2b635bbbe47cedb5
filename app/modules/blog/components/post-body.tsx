/**
 * A post's body, already HTML: rendered from Markdown on the server with raw
 * HTML escaped (markdown.server.ts). Styled here, without a typography plugin.
 */
const PROSE = [
  "text-lg leading-relaxed text-slate-800",
  "[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900",
  "[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_h4]:mt-6 [&_h4]:font-semibold",
  "[&_p]:my-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2",
  "[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-600 [&_blockquote]:bg-brand-50 [&_blockquote]:px-4 [&_blockquote]:py-2",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-base",
  "[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-slate-100",
  "[&_table]:my-6 [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:text-base",
  "[&_th]:border-b-2 [&_th]:border-slate-300 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left",
  "[&_td]:border-b [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-2 [&_td]:align-top",
  "[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_hr]:my-8",
].join(" ");

export function PostBody({ html }: { html: string }) {
  return <div className={`mt-8 ${PROSE}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
