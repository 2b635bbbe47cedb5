/**
 * Preloaded into a journey's own server (NODE_OPTIONS="--import …") to move
 * its clock: every `new Date()` and `Date.now()` answer that many days
 * (BALCAO_TEST_CLOCK_OFFSET_DAYS) plus milliseconds
 * (BALCAO_TEST_CLOCK_OFFSET_MS) later, so an instalment falls overdue
 * without waiting a month, or a scheduled minute comes without waiting for
 * the real one. Only tests load it; the app has no such switch.
 */
function offsetFromEnv(name) {
  const value = Number(process.env[name] ?? "0");
  if (!Number.isFinite(value)) throw new Error(`${name} inválido: ${process.env[name]}`);
  return value;
}
const offsetMs =
  offsetFromEnv("BALCAO_TEST_CLOCK_OFFSET_DAYS") * 24 * 60 * 60 * 1000 + offsetFromEnv("BALCAO_TEST_CLOCK_OFFSET_MS");
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
