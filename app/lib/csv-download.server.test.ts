import { describe, expect, it } from "vitest";
import { csvDownload } from "./csv-download.server";

async function* rows() {
  yield "\uFEFFSKU;Nome\r\n";
  yield "A-1;Película ção\r\n";
}

describe("csvDownload", () => {
  it("streams the export's chunks as UTF-8, as a named attachment that is never cached", async () => {
    const response = csvDownload("estoque", rows(), new Date("2026-11-29T13:05:09Z"));
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="estoque-2026-11-29_10-05-09.csv"');
    expect(response.headers.get("cache-control")).toBe("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe("\uFEFFSKU;Nome\r\nA-1;Película ção\r\n");
  });
});
