import pino from "pino";
import { getEnv } from "./env.server";
import { singleton } from "./singleton.server";

/** Anything that may hold a secret is censored wherever it appears in a log object. */
const REDACTED_PATHS = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "secret",
  "cookie",
  "authorization",
  "*.password",
  "*.newPassword",
  "*.token",
  "*.secret",
  "*.cookie",
  "*.authorization",
  "headers.cookie",
  "headers.authorization",
  'headers["set-cookie"]',
  "req.headers.cookie",
  "req.headers.authorization",
];

export const logger = singleton("logger", () =>
  pino({
    level: getEnv().NODE_ENV === "test" ? "warn" : getEnv().LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: "[oculto]" },
    base: { app: "balcao" },
  }),
);

/** Strips query strings (they may carry tokens) from a URL before logging it. */
export function pathForLog(url: string) {
  const parsed = new URL(url, "http://local");
  return parsed.pathname;
}
