import path from "node:path";
import { z } from "zod";

/**
 * The server's configuration, read once from the environment. A bad value
 * stops the start with a message naming the variable, instead of failing
 * later in a request.
 */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce
      .number({ error: "deve ser um número de porta" })
      .int("deve ser um número inteiro")
      .min(1, "deve estar entre 1 e 65535")
      .max(65535, "deve estar entre 1 e 65535")
      .default(3000),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: "deve ser uma URL http(s) completa, ex.: https://loja.com.br" }).optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: "deve ser uma URL postgres://usuario:senha@host:5432/banco" })
      .optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "deve ser uma URL smtp:// ou smtps://" }).optional(),
    SMTP_FROM: z.string().min(3).optional(),
    RATE_LIMIT: z.enum(["on", "off"], { error: "deve ser 'on' ou 'off'" }).default("on"),
    /** Whether a new (empty) database gets the demo shop's customers, orders and content; off starts an empty shop. */
    DEMO_DATA: z.enum(["on", "off"], { error: "deve ser 'on' ou 'off'" }).default("on"),
    TRUST_PROXY: z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, "deve ser o nome de um cabeçalho HTTP, ex.: x-forwarded-for")
      .transform((header) => header.toLowerCase())
      .optional(),
    BETTER_AUTH_SECRET: z.string().min(32, "deve ter pelo menos 32 caracteres").optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    UNLOCK_CODE_KEY: z
      .string()
      .trim()
      .refine(
        (value) => decodeKey32(value) !== null,
        "deve ter 32 bytes em base64 (44 caracteres) ou hexadecimal (64 caracteres)",
      )
      .optional(),
  })
  .transform((env) => ({
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    DATA_DIR: path.resolve(env.DATA_DIR),
  }));

export type Env = z.infer<typeof EnvSchema>;

/** A 32-byte key written as hex (64 characters) or base64/base64url (43–44 characters); null when it is neither. */
export function decodeKey32(text: string): Buffer | null {
  const bytes = /^[0-9a-f]{64}$/i.test(text)
    ? Buffer.from(text, "hex")
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text, "base64")
      : null;
  return bytes?.length === 32 ? bytes : null;
}

export class InvalidEnvError extends Error {}

/** Parses an environment; throws InvalidEnvError listing every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new InvalidEnvError(`Configuração inválida:\n${lines.join("\n")}`);
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
