import crypto from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

// A WebAuthn authenticator in software for server tests (ADR 0102): an ES256 key pair, the
// authenticator data and "none" attestation of the WebAuthn spec (§6.1, §6.5.4), signed with
// node:crypto. It answers what the browser would send after navigator.credentials.create/get.

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => crypto.createHash("sha256").update(data).digest();

export type AuthenticatorOptions = {
  origin: string;
  rpID: string;
  /** User verification (PIN, biometrics) performed; a passkey sign-in requires it. */
  userVerified?: boolean;
};

export class SoftwareAuthenticator {
  readonly credentialId = crypto.randomBytes(16);
  private readonly keys = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  private counter = 0;
  private userHandle = "";
  readonly options: AuthenticatorOptions;
  constructor(options: AuthenticatorOptions) {
    // A copy: a test that switches this authenticator's user verification off changes no other.
    this.options = { ...options };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authenticatorData(flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const uv = this.options.userVerified === false ? 0 : FLAG_UV;
    return Buffer.concat([
      sha256(this.options.rpID),
      Buffer.from([flags | FLAG_UP | uv | FLAG_BE | FLAG_BS]),
      count,
      attested ?? Buffer.alloc(0),
    ]);
  }

  private cosePublicKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    const key = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x ?? "", "base64url"))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? "", "base64url"))],
    ]);
    return isoCBOR.encode(key);
  }

  private clientData(type: string, challenge: string, origin = this.options.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to registration options (`navigator.credentials.create`). */
  register(options: { challenge: string; user: { id: string } }, origin?: string) {
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, Buffer.from(this.cosePublicKey())]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", new Uint8Array(this.authenticatorData(FLAG_AT, attested))],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to sign-in options (`navigator.credentials.get`); each one counts up. */
  authenticate(options: { challenge: string }, origin?: string) {
    this.counter += 1;
    const authenticatorData = this.authenticatorData(0);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, origin);
    const signature = crypto.sign(
      "sha256",
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.keys.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
