import { authClient, describeAuthError } from "./auth-client.ts";

// ADR 0102: the browser's half of a passkey ceremony. SimpleWebAuthn's browser module is loaded
// on the click, so /auth and /konto do not carry it in their first view.

type Started<T> = { challengeId: string; options: T };

/** A ceremony the person cancelled (closed the dialog) or the browser refused: no error toast. */
export class PasskeyCancelled extends Error {}

async function post<T>(path: string, body: object): Promise<T> {
  const { data, error } = await authClient.$fetch<T>(path, { method: "POST", body });
  if (error) throw new Error(describeAuthError(error));
  return data as T;
}

function cancelledOrThrow(error: unknown): never {
  if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError")) {
    throw new PasskeyCancelled(error.message);
  }
  throw error;
}

export async function browserSupportsPasskeys(): Promise<boolean> {
  const { browserSupportsWebAuthn } = await import("@simplewebauthn/browser");
  return browserSupportsWebAuthn();
}

/** Signs in with a passkey the authenticator offers; resolves once the session cookie is set. */
export async function signInWithPasskey(): Promise<void> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  type Options = Parameters<typeof startAuthentication>[0]["optionsJSON"];
  const { challengeId, options } = await post<Started<Options>>("/passkey/sign-in-options", {});
  const response = await startAuthentication({ optionsJSON: options }).catch(cancelledOrThrow);
  await post("/passkey/sign-in", { challengeId, response });
  // Better Auth's client refreshes the session on its own sign-in paths only.
  authClient.$store.notify("$sessionSignal");
}

/** Adds a passkey to the signed-in account under `name`. */
export async function registerPasskey(name: string, password: string | undefined): Promise<void> {
  const { startRegistration } = await import("@simplewebauthn/browser");
  type Options = Parameters<typeof startRegistration>[0]["optionsJSON"];
  const { challengeId, options } = await post<Started<Options>>(
    "/passkey/registration-options",
    password ? { password } : {},
  );
  const response = await startRegistration({ optionsJSON: options }).catch(cancelledOrThrow);
  await post("/passkey/register", { challengeId, name, response });
}
