import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { isPublicAddress } from "./integrations/website/address-policy.ts";
import { parseProxyTrust } from "./proxy-trust.ts";
import { parseTokenKey } from "./token-crypto.ts";

// The one place that reads process.env (docs/design.md, import rule 4). Everything
// else receives the parsed, typed Env.
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const commaSeparatedEmails = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );

// ADR 0007 / docs/design.md (provider table): unset AI_PROVIDER means the labelled offline demo mode.
export const AI_PROVIDERS = ["openai", "anthropic", "google", "mistral", "openai-compatible"] as const;
export type AiProviderName = (typeof AI_PROVIDERS)[number];

// Small, fast models suit post-sized edits; AI_MODEL overrides them. An OpenAI-compatible
// server (Ollama, vLLM, LM Studio) has no sensible default, so there AI_MODEL is required.
const DEFAULT_AI_MODELS: Record<Exclude<AiProviderName, "openai-compatible">, string> = {
  openai: "gpt-5.4-mini",
  anthropic: "claude-haiku-4-5",
  google: "gemini-2.5-flash",
  mistral: "mistral-small-latest",
};

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Stripe price ids per plan (shared/billing.ts PLANS). */
  prices: { generator_pro: string; optimizer_premium: string };
  apiBase: string | undefined;
};

/** ADR 0027: the `social-images` bucket on S3-compatible storage; null means the local folder. */
export type S3StorageSettings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`host/bucket/key`) instead of the host name: MinIO, Garage, s3rver, most self-hosted servers. */
  forcePathStyle: boolean;
};

// All or nothing: a half-configured S3 storage must stop the start, not quietly put the
// uploads of one server into its local folder while the others look for them in the bucket.
const STORAGE_S3_REQUIRED = [
  "STORAGE_S3_ENDPOINT",
  "STORAGE_S3_BUCKET",
  "STORAGE_S3_REGION",
  "STORAGE_S3_ACCESS_KEY_ID",
  "STORAGE_S3_SECRET_ACCESS_KEY",
] as const;

/** An OAuth app registered with a network (ADR 0060); null: "vom Betreiber nicht eingerichtet". */
export type OAuthAppSettings = { clientId: string; clientSecret: string } | null;

/**
 * ADR 0060: how Postwerk reaches X, LinkedIn and Bluesky. The bases are overridable so tests,
 * `npm run dev` and a reader of the README can point each network at its fake in tests/mocks.
 */
export type SocialNetworkSettings = {
  /** Deadline of one call to a network; a timeout after sending makes a post "unbestätigt". */
  timeoutMs: number;
  /** `apiBase`: the API host; `webBase`: the host of the authorize page and of the links to posts. */
  /** `appBearerToken`: the app's own token, for the figures of every account's posts at once (ADR 0117). */
  x: { app: OAuthAppSettings; apiBase: string; webBase: string; appBearerToken: string | null };
  /** `postAnalytics`: the operator's app has "Member Post Analytics" (`r_member_postAnalytics`, ADR 0104). */
  linkedin: { app: OAuthAppSettings; apiBase: string; webBase: string; postAnalytics: boolean };
  /** Bluesky needs no app: users sign in with a handle and an app password on this service. */
  /** `appView`: the public AppView, where the figures of every account's posts are read at once (ADR 0117). */
  bluesky: { service: string; appView: string };
  /**
   * Facebook Pages and Instagram through one Meta app (ADR 0096, 0097). `graphBase`: the Graph
   * API host; `webBase`: the host of the login dialog and of the links to posts.
   * `publicImages`: Meta can fetch an image from BASE_URL (a public address, or the fakes'
   * META_ALLOW_PRIVATE_IMAGE_URLS): without it Instagram is not offered.
   */
  meta: { app: OAuthAppSettings; graphBase: string; webBase: string; publicImages: boolean };
  /**
   * Meta's Threads (ADR 0098): `apiBase` graph.threads.net, `webBase` the authorize page's host.
   * `publicImages`: Meta can fetch a post's image from BASE_URL (the same signed link Instagram
   * gets); false when BASE_URL is not public (then Threads takes text posts only).
   */
  threads: { app: OAuthAppSettings; apiBase: string; webBase: string; publicImages: boolean };
  /**
   * Mastodon needs nothing: the app is registered on each instance (ADR 0095). `allowedInstance`
   * lets one non-public instance through, the fake for local trials; never set it in production.
   */
  mastodon: { allowedInstance: string | null };
};

// Both or neither: one of the two alone is a typo, not a choice.
const OAUTH_APP_PAIRS = [
  ["X_CLIENT_ID", "X_CLIENT_SECRET"],
  ["LINKEDIN_CLIENT_ID", "LINKEDIN_CLIENT_SECRET"],
  ["META_APP_ID", "META_APP_SECRET"],
  ["THREADS_APP_ID", "THREADS_APP_SECRET"],
] as const;

/**
 * Whether Meta's servers can fetch from BASE_URL (ADR 0097): a name that is not localhost, or a
 * public IP address. A name's DNS is not asked at start-up; a name pointing into a private
 * network is the operator's to know.
 */
function isPublicBaseUrl(baseUrl: string): boolean {
  const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host)) return isPublicAddress(host);
  return host !== "localhost" && !host.endsWith(".localhost") && !host.endsWith(".local") && host.includes(".");
}

function oauthApp(clientId: string | undefined, clientSecret: string | undefined): OAuthAppSettings {
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

/**
 * Whether Meta can fetch an image Postwerk serves for Threads (ADR 0098): BASE_URL is https on a
 * public host name or address. A set THREADS_IMAGE_BASE says so for an address this cannot tell
 * (a tunnel, or the fakes); the links themselves are always on BASE_URL.
 */
function threadsCanFetchImages(baseUrl: string, override: string | undefined): boolean {
  if (override) return true;
  const url = new URL(baseUrl);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (url.protocol !== "https:") return false;
  if (net.isIP(host) !== 0) return isPublicAddress(host);
  const local = host === "localhost" || /\.(localhost|local|internal|lan|home\.arpa|test|example|invalid)$/.test(host);
  return !local && host.includes(".");
}

const httpUrl = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/$/, ""));

const TOKEN_KEY_MESSAGE = "muss 32 Bytes als Base64 oder Hex sein, z. B. openssl rand -base64 32";

function tokenKey(value: string | undefined, context: z.RefinementCtx): Buffer | null {
  if (value === undefined) return null;
  const key = parseTokenKey(value);
  if (!key) context.addIssue({ code: "custom", message: TOKEN_KEY_MESSAGE });
  return key;
}

export type AiSettings = {
  provider: AiProviderName;
  model: string;
  apiKey: string | undefined;
  baseUrl: string | undefined;
  timeoutMs: number;
};

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // ADR 0047: one interface to listen on (127.0.0.1 behind a local reverse proxy); unset means
    // all of them, as before. An address, not a name: a name could resolve to several.
    HOST: optionalString.pipe(
      z
        .string()
        .refine((value) => net.isIP(value) !== 0, "muss eine IP-Adresse sein, z. B. 127.0.0.1, 0.0.0.0 oder ::1")
        .optional(),
    ),
    BASE_URL: z.url().optional(),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: optionalString,
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    BETTER_AUTH_SECRET: optionalString,
    // Checked here: nodemailer only reads it with the first mail (mailer.ts).
    SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
    MAIL_FROM: z.string().default("Postwerk <no-reply@postwerk.local>"),
    // Where the contact form's messages are announced (ADR 0011); unset: stored only.
    CONTACT_EMAIL: optionalString.pipe(z.email().optional()),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    // Overridable so tests can point Google sign-in at a local OpenID Connect fake.
    GOOGLE_DISCOVERY_URL: z.url().default("https://accounts.google.com/.well-known/openid-configuration"),
    ADMIN_EMAILS: commaSeparatedEmails,
    // ADR 0015: the generator's access code; unset means the generator is open to every user.
    GENERATOR_ACCESS_CODE: optionalString.pipe(z.string().min(4).optional()),
    // ADR 0040: false, the number of proxies in front, or their addresses and CIDR ranges.
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, context) => {
        const trust = parseProxyTrust(value);
        if (typeof trust !== "string") return trust;
        context.addIssue({ code: "custom", message: trust });
        return z.NEVER;
      }),
    // ADR 0041: admins must have two-factor sign-in on before /admin and /api/admin/* let them in.
    ADMIN_REQUIRE_2FA: z
      .enum(["true", "false"])
      .default("false")
      .transform((value) => value === "true"),
    // Turns off Better Auth's rate limiting for suites that sign in many users from one address.
    AUTH_RATE_LIMIT: z.enum(["on", "off"]).default("on"),
    AI_PROVIDER: z
      .string()
      .trim()
      .transform((value) => (value === "" ? undefined : value))
      .pipe(z.enum(AI_PROVIDERS).optional())
      .optional(),
    AI_API_KEY: optionalString,
    AI_MODEL: optionalString,
    AI_BASE_URL: optionalString.pipe(z.url().optional()),
    AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
    // Send a generation's image to the model: auto = on for the hosted providers, off for
    // OpenAI-compatible servers, where many local models cannot read images.
    AI_VISION: z.enum(["auto", "on", "off"]).default("auto"),
    // ADR 0023: payments with Stripe; without the secret key they are off.
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_GENERATOR_PRO: optionalString,
    STRIPE_PRICE_OPTIMIZER_PREMIUM: optionalString,
    // Tests and stripe-mock: where the SDK sends its requests (protocol, host and port only).
    STRIPE_API_BASE: optionalString.pipe(z.url().optional()),
    // ADR 0027: the image bucket on S3-compatible storage; unset means $DATA_DIR/uploads.
    STORAGE_S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    STORAGE_S3_BUCKET: optionalString,
    STORAGE_S3_REGION: optionalString,
    STORAGE_S3_ACCESS_KEY_ID: optionalString,
    STORAGE_S3_SECRET_ACCESS_KEY: optionalString,
    STORAGE_S3_FORCE_PATH_STYLE: optionalString.pipe(z.enum(["true", "false"]).optional()),
    // ADR 0060: publishing to social networks. X and LinkedIn need an app each; Bluesky needs none.
    X_CLIENT_ID: optionalString,
    X_CLIENT_SECRET: optionalString,
    X_API_BASE: optionalString.pipe(httpUrl.default("https://api.x.com")),
    X_WEB_BASE: optionalString.pipe(httpUrl.default("https://x.com")),
    // ADR 0117: the app's bearer token reads the figures of all accounts' posts, 100 per call.
    X_BEARER_TOKEN: optionalString,
    LINKEDIN_CLIENT_ID: optionalString,
    LINKEDIN_CLIENT_SECRET: optionalString,
    LINKEDIN_API_BASE: optionalString.pipe(httpUrl.default("https://api.linkedin.com")),
    LINKEDIN_WEB_BASE: optionalString.pipe(httpUrl.default("https://www.linkedin.com")),
    // ADR 0104: only once LinkedIn granted the app "Member Post Analytics" (else connecting fails).
    LINKEDIN_POST_ANALYTICS: optionalString.pipe(z.enum(["true", "false"]).optional()),
    BLUESKY_SERVICE: optionalString.pipe(httpUrl.default("https://bsky.social")),
    BLUESKY_APPVIEW: optionalString.pipe(httpUrl.default("https://public.api.bsky.app")),
    // ADR 0096, 0097: one Meta app for Facebook Pages and Instagram.
    META_APP_ID: optionalString,
    META_APP_SECRET: optionalString,
    META_GRAPH_BASE: optionalString.pipe(httpUrl.default("https://graph.facebook.com")),
    META_WEB_BASE: optionalString.pipe(httpUrl.default("https://www.facebook.com")),
    // Only for the fakes and local trials: let Meta (its fake) fetch images from a private BASE_URL.
    META_ALLOW_PRIVATE_IMAGE_URLS: optionalString.pipe(z.enum(["true", "false"]).optional()),
    // ADR 0098: Meta's Threads needs its own app id and secret (the Threads use case of a Meta app).
    THREADS_APP_ID: optionalString,
    THREADS_APP_SECRET: optionalString,
    THREADS_API_BASE: optionalString.pipe(httpUrl.default("https://graph.threads.net")),
    THREADS_WEB_BASE: optionalString.pipe(httpUrl.default("https://threads.net")),
    THREADS_IMAGE_BASE: optionalString.pipe(httpUrl.optional()),
    // ADR 0095: the local fake's origin (http://127.0.0.1:3190) for trials; unset in production.
    MASTODON_ALLOWED_INSTANCE: optionalString.pipe(httpUrl.optional()),
    // ADR 0110: one webhook receiver's origin on a private address (the fake in tests); unset in production.
    WEBHOOK_ALLOWED_ORIGIN: optionalString.pipe(httpUrl.transform((value) => new URL(value).origin).optional()),
    NETWORK_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
    // ADR 0059: the key for network tokens at rest; unset means derived from BETTER_AUTH_SECRET.
    // The previous keys (comma-separated) still open tokens sealed before a rotation.
    TOKEN_ENCRYPTION_KEY: optionalString.transform((value, context) => tokenKey(value, context)),
    TOKEN_ENCRYPTION_KEYS_PREVIOUS: z
      .string()
      .optional()
      .transform((value, context) =>
        (value ?? "")
          .split(",")
          .map((key) => key.trim())
          .filter(Boolean)
          .map((key) => tokenKey(key, context))
          .filter((key): key is Buffer => key !== null),
      ),
  })
  .superRefine((env, context) => {
    if (env.AI_PROVIDER === "openai-compatible") {
      if (!env.AI_BASE_URL) {
        context.addIssue({ code: "custom", path: ["AI_BASE_URL"], message: "ist für openai-compatible Pflicht" });
      }
      if (!env.AI_MODEL) {
        context.addIssue({ code: "custom", path: ["AI_MODEL"], message: "ist für openai-compatible Pflicht" });
      }
    } else if (env.AI_PROVIDER && !env.AI_API_KEY) {
      // Always passed explicitly, so the provider packages never fall back to reading
      // OPENAI_API_KEY & co. from process.env themselves.
      context.addIssue({ code: "custom", path: ["AI_API_KEY"], message: `ist für ${env.AI_PROVIDER} Pflicht` });
    }
    if (env.STRIPE_SECRET_KEY) {
      for (const name of [
        "STRIPE_WEBHOOK_SECRET",
        "STRIPE_PRICE_GENERATOR_PRO",
        "STRIPE_PRICE_OPTIMIZER_PREMIUM",
      ] as const) {
        if (!env[name])
          context.addIssue({ code: "custom", path: [name], message: "ist mit STRIPE_SECRET_KEY Pflicht" });
      }
    }
    for (const pair of OAUTH_APP_PAIRS) {
      const [given, missing] = env[pair[0]] ? pair : [pair[1], pair[0]];
      if (env[given] && !env[missing])
        context.addIssue({ code: "custom", path: [missing], message: `ist mit ${given} Pflicht` });
    }
    const s3Given = [...STORAGE_S3_REQUIRED, "STORAGE_S3_FORCE_PATH_STYLE" as const].filter((name) => env[name]);
    if (s3Given.length > 0) {
      for (const name of STORAGE_S3_REQUIRED.filter((required) => !env[required])) {
        context.addIssue({
          code: "custom",
          path: [name],
          message: `fehlt: der S3-Bildspeicher ist nur teilweise eingerichtet (gesetzt: ${s3Given.join(", ")}); setzen Sie alle STORAGE_S3_*-Pflichtvariablen oder keine`,
        });
      }
    }
  })
  .transform(
    ({
      AI_PROVIDER,
      AI_API_KEY,
      AI_MODEL,
      AI_BASE_URL,
      AI_TIMEOUT_MS,
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_PRICE_GENERATOR_PRO,
      STRIPE_PRICE_OPTIMIZER_PREMIUM,
      STRIPE_API_BASE,
      STORAGE_S3_ENDPOINT,
      STORAGE_S3_BUCKET,
      STORAGE_S3_REGION,
      STORAGE_S3_ACCESS_KEY_ID,
      STORAGE_S3_SECRET_ACCESS_KEY,
      STORAGE_S3_FORCE_PATH_STYLE,
      X_CLIENT_ID,
      X_CLIENT_SECRET,
      X_API_BASE,
      X_WEB_BASE,
      X_BEARER_TOKEN,
      LINKEDIN_CLIENT_ID,
      LINKEDIN_CLIENT_SECRET,
      LINKEDIN_API_BASE,
      LINKEDIN_WEB_BASE,
      LINKEDIN_POST_ANALYTICS,
      BLUESKY_SERVICE,
      BLUESKY_APPVIEW,
      META_APP_ID,
      META_APP_SECRET,
      META_GRAPH_BASE,
      META_WEB_BASE,
      META_ALLOW_PRIVATE_IMAGE_URLS,
      THREADS_APP_ID,
      THREADS_APP_SECRET,
      THREADS_API_BASE,
      THREADS_WEB_BASE,
      THREADS_IMAGE_BASE,
      MASTODON_ALLOWED_INSTANCE,
      NETWORK_TIMEOUT_MS,
      ...env
    }) => ({
      ...env,
      BASE_URL: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
      DATA_DIR: path.resolve(env.DATA_DIR),
      googleSignInEnabled: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
      ai: AI_PROVIDER
        ? ({
            provider: AI_PROVIDER,
            model: AI_MODEL ?? (AI_PROVIDER === "openai-compatible" ? "" : DEFAULT_AI_MODELS[AI_PROVIDER]),
            apiKey: AI_API_KEY,
            baseUrl: AI_BASE_URL,
            timeoutMs: AI_TIMEOUT_MS,
          } satisfies AiSettings)
        : null,
      stripe:
        STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET && STRIPE_PRICE_GENERATOR_PRO && STRIPE_PRICE_OPTIMIZER_PREMIUM
          ? ({
              secretKey: STRIPE_SECRET_KEY,
              webhookSecret: STRIPE_WEBHOOK_SECRET,
              prices: { generator_pro: STRIPE_PRICE_GENERATOR_PRO, optimizer_premium: STRIPE_PRICE_OPTIMIZER_PREMIUM },
              apiBase: STRIPE_API_BASE,
            } satisfies StripeSettings)
          : null,
      storageS3:
        STORAGE_S3_ENDPOINT &&
        STORAGE_S3_BUCKET &&
        STORAGE_S3_REGION &&
        STORAGE_S3_ACCESS_KEY_ID &&
        STORAGE_S3_SECRET_ACCESS_KEY
          ? ({
              endpoint: STORAGE_S3_ENDPOINT,
              bucket: STORAGE_S3_BUCKET,
              region: STORAGE_S3_REGION,
              accessKeyId: STORAGE_S3_ACCESS_KEY_ID,
              secretAccessKey: STORAGE_S3_SECRET_ACCESS_KEY,
              forcePathStyle: STORAGE_S3_FORCE_PATH_STYLE === "true",
            } satisfies S3StorageSettings)
          : null,
      networks: {
        timeoutMs: NETWORK_TIMEOUT_MS,
        x: {
          app: oauthApp(X_CLIENT_ID, X_CLIENT_SECRET),
          apiBase: X_API_BASE,
          webBase: X_WEB_BASE,
          appBearerToken: X_BEARER_TOKEN ?? null,
        },
        linkedin: {
          app: oauthApp(LINKEDIN_CLIENT_ID, LINKEDIN_CLIENT_SECRET),
          apiBase: LINKEDIN_API_BASE,
          webBase: LINKEDIN_WEB_BASE,
          postAnalytics: LINKEDIN_POST_ANALYTICS === "true",
        },
        bluesky: { service: BLUESKY_SERVICE, appView: BLUESKY_APPVIEW },
        meta: {
          app: oauthApp(META_APP_ID, META_APP_SECRET),
          graphBase: META_GRAPH_BASE,
          webBase: META_WEB_BASE,
          publicImages:
            META_ALLOW_PRIVATE_IMAGE_URLS === "true" || isPublicBaseUrl(env.BASE_URL ?? `http://localhost:${env.PORT}`),
        },
        threads: {
          app: oauthApp(THREADS_APP_ID, THREADS_APP_SECRET),
          apiBase: THREADS_API_BASE,
          webBase: THREADS_WEB_BASE,
          publicImages: threadsCanFetchImages(
            (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
            THREADS_IMAGE_BASE,
          ),
        },
        mastodon: { allowedInstance: MASTODON_ALLOWED_INSTANCE ? new URL(MASTODON_ALLOWED_INSTANCE).origin : null },
      } satisfies SocialNetworkSettings,
    }),
  );

export type Env = z.infer<typeof EnvSchema>;

// Sessions are signed with it; shorter secrets can be guessed offline from a stolen cookie.
const AUTH_SECRET_MIN_LENGTH = 32;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Ungültige Konfiguration in den Umgebungsvariablen:\n${problems}`);
  }
  const secret = parsed.data.BETTER_AUTH_SECRET;
  if (parsed.data.NODE_ENV === "production" && (!secret || secret.length < AUTH_SECRET_MIN_LENGTH)) {
    throw new Error(
      `BETTER_AUTH_SECRET muss in Produktion gesetzt sein (mindestens ${AUTH_SECRET_MIN_LENGTH} Zeichen, z. B. openssl rand -base64 32).`,
    );
  }
  return parsed.data;
}
