import { shopTimestampForFileName } from "./dates";

/**
 * A CSV file the browser downloads, streamed as the export writes it (a
 * large list never sits whole in memory), named `<stem>-<shop's date and
 * time>.csv`, never cached: the one answer of every "exportar.csv" route.
 */
export function csvDownload(fileStem: string, chunks: AsyncIterator<string>, now = new Date()): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileStem}-${shopTimestampForFileName(now)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
