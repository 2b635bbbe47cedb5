import { CLIENT_IP_HEADER } from "~/lib/auth.server";
import { getEnv } from "~/lib/env.server";
import { singleton } from "~/lib/singleton.server";
import { createSubmissionLimit } from "./submission-limit";

/** Five messages per address every ten minutes: enough for a person, too few for a spammer. */
const limit = singleton("contact-submission-limit", () => createSubmissionLimit({ limit: 5, windowMs: 10 * 60_000 }));

/** server.ts sets the client IP header itself; RATE_LIMIT=off (the browser tests) turns the limit off. */
export function isContactSubmissionLimited(request: Request) {
  if (getEnv().RATE_LIMIT !== "on") return false;
  return limit.isOverLimit(request.headers.get(CLIENT_IP_HEADER) ?? "desconhecido");
}
