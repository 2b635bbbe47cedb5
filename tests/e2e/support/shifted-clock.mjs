/**
 * Preloaded into a journey's own server (NODE_OPTIONS="--import …") to move
 * its clock: every `new Date()` and `Date.now()` answer that many days
 * later (BALCAO_TEST_CLOCK_OFFSET_DAYS), so an instalment falls overdue
 * without waiting a month. Only tests load it; the app has no such switch.
 */
const offsetDays = Number(process.env.BALCAO_TEST_CLOCK_OFFSET_DAYS ?? "0");
if (!Number.isFinite(offsetDays))
  throw new Error(`BALCAO_TEST_CLOCK_OFFSET_DAYS inválido: ${process.env.BALCAO_TEST_CLOCK_OFFSET_DAYS}`);
const offsetMs = offsetDays * 24 * 60 * 60 * 1000;
const RealDate = globalThis.Date;

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offsetMs);
    else super(...args);
  }

  static now() {
    return RealDate.now() + offsetMs;
  }
}

globalThis.Date = ShiftedDate;
