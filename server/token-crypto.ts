import crypto from "node:crypto";

// Network tokens at rest (ADR 0059): AES-256-GCM, a fresh 96-bit nonce per value, the row's id as
// additional data (a ciphertext copied into another account's row does not decrypt). The key is
// TOKEN_ENCRYPTION_KEY, or derived with HKDF from the auth secret. Each value names the key it was
// sealed with, so after a rotation the previous keys still open old values and the service seals
// them again with the current key the next time it writes the row.

const FORMAT = "v1";
const HKDF_INFO = "postwerk/social-tokens/v1";

export class TokenDecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TokenDecryptionError";
  }
}

export type TokenBox = {
  seal(plaintext: string, boundTo: string): string;
  open(sealed: string, boundTo: string): string;
  /** True when `sealed` was made with an older key and should be sealed again. */
  isStale(sealed: string): boolean;
  /**
   * An HMAC-SHA256 of `message` (base64url) with a key derived from the current one for `purpose`
   * alone, so a signature for one use is worth nothing for another (signed image links, ADR 0097).
   */
  sign(purpose: string, message: string): string;
  /** Whether `signature` is `sign(purpose, message)` under the current or a previous key, in constant time. */
  verify(purpose: string, message: string, signature: string): boolean;
};

type Key = { id: string; bytes: Buffer };

function keyOf(bytes: Buffer): Key {
  // A short fingerprint, not the key: enough to pick among the current and the previous keys.
  return { id: crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 8), bytes };
}

/** A configured key: 32 bytes as base64 or hex (`openssl rand -base64 32`). */
export function parseTokenKey(value: string): Buffer | null {
  const trimmed = value.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  return bytes.length === 32 ? bytes : null;
}

export function deriveTokenKey(authSecret: string): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", authSecret, "", HKDF_INFO, 32));
}

/** `current` seals; `current` and `previous` open. */
export function createTokenBox(current: Buffer, previous: Buffer[] = []): TokenBox {
  const sealing = keyOf(current);
  const keys = new Map<string, Key>([sealing, ...previous.map(keyOf)].map((key) => [key.id, key]));
  return {
    seal(plaintext, boundTo) {
      const nonce = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv("aes-256-gcm", sealing.bytes, nonce);
      cipher.setAAD(Buffer.from(boundTo));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return [FORMAT, sealing.id, nonce.toString("base64url"), ciphertext.toString("base64url")].join(".");
    },
    open(sealed, boundTo) {
      const [format, keyId, nonce, body] = sealed.split(".");
      if (format !== FORMAT || !keyId || !nonce || !body) throw new TokenDecryptionError("Unbekanntes Format");
      const key = keys.get(keyId);
      if (!key) throw new TokenDecryptionError(`Schlüssel ${keyId} ist nicht konfiguriert`);
      const bytes = Buffer.from(body, "base64url");
      if (bytes.length < 16) throw new TokenDecryptionError("Zu kurz");
      try {
        const decipher = crypto.createDecipheriv("aes-256-gcm", key.bytes, Buffer.from(nonce, "base64url"));
        decipher.setAAD(Buffer.from(boundTo));
        decipher.setAuthTag(bytes.subarray(bytes.length - 16));
        return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString(
          "utf8",
        );
      } catch (error) {
        throw new TokenDecryptionError(error instanceof Error ? error.message : "Entschlüsselung fehlgeschlagen");
      }
    },
    isStale(sealed) {
      return sealed.split(".")[1] !== sealing.id;
    },
    sign(purpose, message) {
      return mac(sealing.bytes, purpose, message);
    },
    verify(purpose, message, signature) {
      const given = Buffer.from(signature);
      return [...keys.values()].some((key) => {
        const expected = Buffer.from(mac(key.bytes, purpose, message));
        return expected.length === given.length && crypto.timingSafeEqual(expected, given);
      });
    },
  };
}

function mac(key: Buffer, purpose: string, message: string): string {
  const derived = Buffer.from(crypto.hkdfSync("sha256", key, "", `postwerk/mac/${purpose}`, 32));
  return crypto.createHmac("sha256", derived).update(message).digest("base64url");
}

/** The box the environment asks for: TOKEN_ENCRYPTION_KEY (and _PREVIOUS), else HKDF of the auth secret. */
export function tokenBoxFromSettings(settings: {
  key: Buffer | null;
  previous: Buffer[];
  authSecret: string;
}): TokenBox {
  const current = settings.key ?? deriveTokenKey(settings.authSecret);
  // Moving from the derived key to a configured one is a rotation too: the derived key still opens.
  const previous = settings.key ? [...settings.previous, deriveTokenKey(settings.authSecret)] : settings.previous;
  return createTokenBox(current, previous);
}
