import { createRequestRateLimit } from "~/lib/rate-limit.server";

/** Five messages per address every ten minutes: enough for a person, too few for a spammer. */
export const isContactSubmissionLimited = createRequestRateLimit("contact-submission", { limit: 5, windowMs: 10 * 60_000 });
