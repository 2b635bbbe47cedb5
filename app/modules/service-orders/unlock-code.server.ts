import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { decodeKey32, getEnv } from "~/lib/env.server";
import { readOrCreateSecret } from "~/lib/secrets.server";

/**
 * The unlock code a customer leaves with the device, encrypted at rest with
 * AES-256-GCM. Stored as "v1:<iv>:<tag>:<ciphertext>" (base64url parts): the
 * version lets a future key rotation tell old values from new ones.
 */
const VERSION = "v1";
const IV_BYTES = 12;

export class UnlockCodeUnreadableError extends Error {
  override name = "UnlockCodeUnreadableError";
  constructor() {
    super("A senha de desbloqueio não pôde ser lida (a chave UNLOCK_CODE_KEY mudou?).");
  }
}

let cachedKey: Buffer | undefined;

/** From UNLOCK_CODE_KEY, or generated once into DATA_DIR/secrets. */
export function unlockCodeKey(): Buffer {
  if (cachedKey) return cachedKey;
  const configured = getEnv().UNLOCK_CODE_KEY;
  const key = decodeKey32(configured ?? readOrCreateSecret("unlock-code-key"));
  if (!key) throw new Error("DATA_DIR/secrets/unlock-code-key não contém uma chave de 32 bytes");
  cachedKey = key;
  return key;
}

export function encryptUnlockCode(plain: string, key: Buffer = unlockCodeKey()): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(
    ":",
  );
}

/** The code back, or UnlockCodeUnreadableError when the value was altered or the key is another. */
export function decryptUnlockCode(stored: string, key: Buffer = unlockCodeKey()): string {
  const [version, iv, tag, ciphertext, ...rest] = stored.split(":");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) throw new UnlockCodeUnreadableError();
  try {
    // A fixed tag length: GCM would otherwise accept a truncated tag, which is far easier to forge.
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"), { authTagLength: 16 });
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new UnlockCodeUnreadableError();
  }
}
