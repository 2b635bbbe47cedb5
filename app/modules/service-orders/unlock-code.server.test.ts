import { randomBytes } from "node:crypto";
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeKey32 } from "~/lib/env.server";
import { decryptUnlockCode, encryptUnlockCode, unlockCodeKey, UnlockCodeUnreadableError } from "./unlock-code.server";

const key = randomBytes(32);

function flipFirstBit(part: Buffer) {
  const copy = Buffer.from(part);
  copy[0]! ^= 1;
  return copy;
}

function replacePart(stored: string, index: number, change: (part: Buffer) => Buffer) {
  const parts = stored.split(":");
  parts[index] = change(Buffer.from(parts[index]!, "base64url")).toString("base64url");
  return parts.join(":");
}

describe("unlock code encryption", () => {
  it("round-trips any text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 64 }), (plain) => {
        expect(decryptUnlockCode(encryptUnlockCode(plain, key), key)).toBe(plain);
      }),
    );
  });

  it("stores a versioned value that never contains the code", () => {
    const stored = encryptUnlockCode("147258369", key);
    expect(stored).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(stored).not.toContain("147258369");
  });

  it("uses a fresh IV each time", () => {
    expect(encryptUnlockCode("1234", key)).not.toBe(encryptUnlockCode("1234", key));
  });

  it("refuses a tampered ciphertext, tag or IV", () => {
    const stored = encryptUnlockCode("senha secreta", key);
    for (const index of [1, 2, 3]) {
      expect(() => decryptUnlockCode(replacePart(stored, index, flipFirstBit), key)).toThrow(UnlockCodeUnreadableError);
    }
  });

  it("refuses a truncated tag", () => {
    const stored = encryptUnlockCode("1234", key);
    expect(() =>
      decryptUnlockCode(
        replacePart(stored, 2, (tag) => tag.subarray(0, 4)),
        key,
      ),
    ).toThrow(UnlockCodeUnreadableError);
  });

  it("refuses another key, another version and garbage", () => {
    const stored = encryptUnlockCode("1234", key);
    expect(() => decryptUnlockCode(stored, randomBytes(32))).toThrow(UnlockCodeUnreadableError);
    expect(() => decryptUnlockCode(stored.replace(/^v1/, "v2"), key)).toThrow(UnlockCodeUnreadableError);
    expect(() => decryptUnlockCode("1234", key)).toThrow(UnlockCodeUnreadableError);
    expect(() => decryptUnlockCode(`${stored}:x`, key)).toThrow(UnlockCodeUnreadableError);
  });

  it("generates its key once in DATA_DIR when none is configured", () => {
    const first = unlockCodeKey();
    expect(first).toHaveLength(32);
    expect(unlockCodeKey()).toBe(first);
    expect(decryptUnlockCode(encryptUnlockCode("1234"))).toBe("1234");
  });
});

describe("decodeKey32 (UNLOCK_CODE_KEY)", () => {
  it("reads 32 bytes as hex, base64 or base64url", () => {
    const bytes = randomBytes(32);
    expect(decodeKey32(bytes.toString("hex"))).toEqual(bytes);
    expect(decodeKey32(bytes.toString("base64"))).toEqual(bytes);
    expect(decodeKey32(bytes.toString("base64url"))).toEqual(bytes);
  });

  it("refuses other lengths and alphabets", () => {
    expect(decodeKey32(randomBytes(16).toString("hex"))).toBeNull();
    expect(decodeKey32(randomBytes(31).toString("base64"))).toBeNull();
    expect(decodeKey32("z".repeat(64))).toBeNull();
    expect(decodeKey32("")).toBeNull();
  });
});
