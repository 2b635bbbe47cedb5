/**
 * Text as XML character data or an attribute value (the sitemap, the blog's
 * feed): markup characters as references, and the control characters XML
 * 1.0 forbids (a pasted one would make the whole document unreadable) left out.
 */
export function escapeXml(text: string) {
  // oxlint-disable-next-line no-control-regex -- those control characters are what is removed.
  const allowed = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "");
  return allowed.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
