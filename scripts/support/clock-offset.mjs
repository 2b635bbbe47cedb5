/**
 * Loaded into the server by `npm run proof:disk` only (NODE_OPTIONS=--import):
 * shifts Date.now() and `new Date()` by the milliseconds written in the file
 * BALCAO_CLOCK_OFFSET_FILE names (read again at most every 100 ms), so the
 * proof can make the server's clock jump while it runs. PGlite's now()
 * reads the same clock. Plain JavaScript: Node loads it before anything else.
 */
import fs from "node:fs";

const file = process.env.BALCAO_CLOCK_OFFSET_FILE;
const RealDate = globalThis.Date;
const realNow = RealDate.now.bind(RealDate);
let offset = 0;
let readAt = -Infinity;

function currentOffset() {
  const now = realNow();
  if (file && now - readAt > 100) {
    readAt = now;
    try {
      offset = Number(fs.readFileSync(file, "utf8").trim()) || 0;
    } catch {
      offset = 0;
    }
  }
  return offset;
}

/** `Date` as before (same prototype: instanceof holds), only "now" is shifted. */
function ShiftedDate(...args) {
  const date = args.length === 0 ? new RealDate(realNow() + currentOffset()) : new RealDate(...args);
  return new.target ? date : date.toString();
}
ShiftedDate.prototype = RealDate.prototype;
ShiftedDate.now = () => realNow() + currentOffset();
ShiftedDate.parse = RealDate.parse;
ShiftedDate.UTC = RealDate.UTC;

globalThis.Date = ShiftedDate;
