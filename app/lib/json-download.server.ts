import { shopTimestampForFileName } from "./dates";

/** A JSON file the browser downloads, named `<stem>-<shop's date and time>.json`, never cached. */
export function jsonDownload(fileStem: string, value: unknown, now = new Date()): Response {
  return new Response(JSON.stringify(value, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileStem}-${shopTimestampForFileName(now)}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
