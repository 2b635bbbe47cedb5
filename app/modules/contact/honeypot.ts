/**
 * A field of the /contato form that bots fill and people never see (hidden
 * with display:none). Apart from validation.ts: the page's own script needs
 * this name, and importing it from there would ship zod (~25 KB gzip) to the
 * browser with it.
 */
export const HONEYPOT_FIELD = "site";
