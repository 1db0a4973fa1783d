import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { readEnv } from "#server/env.ts";
import { createTokenBox, deriveTokenKey, TokenDecryptionError, tokenBoxFromSettings } from "#server/token-crypto.ts";

const keyA = crypto.randomBytes(32);
const keyB = crypto.randomBytes(32);
const tokens = JSON.stringify({ accessToken: "access-secret", refreshToken: "refresh-secret" });

describe("token encryption (ADR 0059)", () => {
  it("opens what it sealed, and the sealed value shows no token", () => {
    const box = createTokenBox(keyA);
    const sealed = box.seal(tokens, "account-1");
    expect(sealed).not.toContain("secret");
    expect(box.open(sealed, "account-1")).toBe(tokens);
    // A fresh nonce each time: the same tokens never seal to the same text.
    expect(box.seal(tokens, "account-1")).not.toBe(sealed);
  });

  it("refuses a value sealed with another key", () => {
    const sealed = createTokenBox(keyA).seal(tokens, "account-1");
    expect(() => createTokenBox(keyB).open(sealed, "account-1")).toThrow(TokenDecryptionError);
  });

  it("refuses a tampered ciphertext and a value copied into another account's row", () => {
    const box = createTokenBox(keyA);
    const sealed = box.seal(tokens, "account-1");
    const [format, keyId, nonce, body = ""] = sealed.split(".");
    const bytes = Buffer.from(body, "base64url");
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const tampered = [format, keyId, nonce, bytes.toString("base64url")].join(".");
    expect(() => box.open(tampered, "account-1")).toThrow(TokenDecryptionError);
    expect(() => box.open(sealed, "account-2")).toThrow(TokenDecryptionError);
    expect(() => box.open("nonsense", "account-1")).toThrow(TokenDecryptionError);
  });

  it("rotates: the previous key still opens, the value is stale until sealed again with the new key", () => {
    const old = createTokenBox(keyA);
    const sealedBefore = old.seal(tokens, "account-1");
    const rotated = createTokenBox(keyB, [keyA]);
    expect(rotated.open(sealedBefore, "account-1")).toBe(tokens);
    expect(rotated.isStale(sealedBefore)).toBe(true);
    const sealedAfter = rotated.seal(rotated.open(sealedBefore, "account-1"), "account-1");
    expect(rotated.isStale(sealedAfter)).toBe(false);
    // Once the old key is removed from the settings, the old value no longer opens.
    expect(() => createTokenBox(keyB).open(sealedBefore, "account-1")).toThrow(TokenDecryptionError);
  });

  it("derives the key from the auth secret without TOKEN_ENCRYPTION_KEY, and a configured key takes over from it", () => {
    const derived = tokenBoxFromSettings({ key: null, previous: [], authSecret: "secret-one" });
    const sealed = derived.seal(tokens, "account-1");
    expect(createTokenBox(deriveTokenKey("secret-one")).open(sealed, "account-1")).toBe(tokens);
    expect(() => createTokenBox(deriveTokenKey("secret-two")).open(sealed, "account-1")).toThrow();
    const configured = tokenBoxFromSettings({ key: keyA, previous: [], authSecret: "secret-one" });
    expect(configured.open(sealed, "account-1")).toBe(tokens);
    expect(configured.isStale(sealed)).toBe(true);
  });

  it("reads the keys from the environment and refuses one that is not 32 bytes", () => {
    const env = readEnv({
      TOKEN_ENCRYPTION_KEY: keyA.toString("base64"),
      TOKEN_ENCRYPTION_KEYS_PREVIOUS: `${keyB.toString("hex")}, `,
    });
    expect(env.TOKEN_ENCRYPTION_KEY?.equals(keyA)).toBe(true);
    expect(env.TOKEN_ENCRYPTION_KEYS_PREVIOUS).toHaveLength(1);
    expect(() => readEnv({ TOKEN_ENCRYPTION_KEY: "too-short" })).toThrow(/TOKEN_ENCRYPTION_KEY: muss 32 Bytes/);
  });
});
