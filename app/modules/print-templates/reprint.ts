/**
 * How long after the act a document attests (an order taken in, a sale, a
 * delivery, a register closed, a payment) its prints are still the first
 * copies: the shop prints them at the counter, right after, often two (the
 * customer's and the shop's) and on another paper if the first jammed. A
 * print later than that is a reprint and says "2ª via", so a copy asked for
 * days later cannot pass for a second receipt of a second payment.
 */
export const FIRST_PRINT_MINUTES = 30;

/** Whether a document printed at `now` for an act done at `actAt` is a reprint ("2ª via"). */
export function isReprint(actAt: string | Date, now: Date = new Date()) {
  return now.getTime() - new Date(actAt).getTime() > FIRST_PRINT_MINUTES * 60_000;
}

/** The reprint mark a print page hands its frame: when this copy was printed, or null for a first copy. */
export function reprintedAtOf(actAt: string | Date | null, now: Date = new Date()) {
  return actAt !== null && isReprint(actAt, now) ? now.toISOString() : null;
}
