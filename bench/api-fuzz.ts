import fc from "fast-check";

// The API fuzzer (ADR 0020): random and mutated requests to every JSON endpoint, with random
// headers, content types and sessions. The Vitest suite runs a few hundred of them as a
// property (server/api-fuzz.test.ts, every answer below 500); `npm run bench -- fuzz` sends
// tens of thousands and counts what went wrong. Both drive the real app in-process.

type FuzzApp = { request: (path: string, init: RequestInit) => Response | Promise<Response> };

export type FuzzRequest = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
};

type Target = {
  /** How often it is drawn relative to the others (default 1). */
  weight?: number;
  method: FuzzRequest["method"];
  path: fc.Arbitrary<string>;
  /** A body the route accepts; the fuzzer mutates it. Absent: the route reads no body. */
  body?: fc.Arbitrary<Record<string, unknown>>;
};

// Strings people and scripts send: ordinary text, any UTF-16 code unit (lone surrogates
// included), control characters, markup, and text longer than any field allows.
const nastyText = fc.oneof(
  { weight: 2, arbitrary: fc.string({ maxLength: 80 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 80 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 300 }) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\u0000",
      "Guten Tag,\u0000 ich hätte gern ein Angebot.",
      "\ud800",
      "Zimtschnecken am Samstag \udfff",
      "' OR 1=1 --",
      "<script>alert(1)</script>",
      "%00%ff",
      "🙂".repeat(40),
      "x".repeat(5001),
      "a".repeat(70_000),
    ),
  },
);

// Whole numbers around the edges of PostgreSQL's integer (2^31) and JavaScript's safe range,
// negative ones and near misses: anything that may reach an integer column or comparison.
const hugeInteger = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      2_147_483_647,
      2_147_483_648,
      -2_147_483_649,
      4_294_967_296,
      Number.MAX_SAFE_INTEGER,
      Number.MAX_SAFE_INTEGER + 1,
      1e20,
      1e308,
      -1,
      0,
      1.5,
      -0.5,
    ),
  },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }).map(Number) },
);

// The same as query-string text, plus what a number in a URL may look like to a careless parser.
const integerText = fc.oneof(
  { weight: 2, arbitrary: hugeInteger.map(String) },
  { weight: 1, arbitrary: fc.constantFrom("1e309", "-1e309", "NaN", "Infinity", "0x10", " 1", "1.0", "") },
);

const anyValue = fc.oneof(
  { weight: 2, arbitrary: hugeInteger },
  { weight: 4, arbitrary: nastyText },
  { weight: 2, arbitrary: fc.constant(null) },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant(JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"isAdmin": true}}}')),
);

// A real 1 × 1 PNG, and the same with a header claiming 20000 × 20000 pixels (over the limit).
const SMALL_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAAE3RFWHRHUFMAS/ZsbiA1MC45MyA2Ljk2JiLGJgAAAAxJREFUeJxj+M/AAAADAQEAyf6S7wAAAABJRU5ErkJggg==";
const HUGE_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAATiAAAE4gCAIAAABsEtFuAAAAE3RFWHRHUFMAS/ZsbiA1MC45MyA2Ljk2JiLGJgAAAAxJREFUeJxj+M/AAAADAQEAyf6S7wAAAABJRU5ErkJggg==";

const visitorId = fc.oneof(fc.uuid(), nastyText);

// An id in a path: a real one, any text, or percent sequences that decode to nothing valid.
const pathSegment = fc.oneof(
  fc.uuid(),
  nastyText.map((text) => encodeURIComponent(text.toWellFormed())),
  fc.constantFrom("%ED%A0%80", "%00", "%FF", "%", "..%2F..%2Fetc%2Fpasswd", "a/b"),
);

const TARGETS: Target[] = [
  {
    method: "POST",
    path: fc.constant("/api/contact"),
    body: fc.record({
      name: fc.constantFrom("Erika Mustermann", "Jo"),
      email: fc.constantFrom("erika@example.test", "a@b.de"),
      message: fc.constantFrom("Guten Tag, ich hätte gern ein Angebot.", "Bitte rufen Sie mich zurück."),
      website: fc.constant(""),
      fillDurationMs: fc.integer({ min: 0, max: 60_000 }),
    }),
  },
  {
    method: "POST",
    path: fc.constant("/api/consent"),
    body: fc.record({
      essential: fc.constant(true),
      analytics: fc.boolean(),
      authentication: fc.boolean(),
      ai_services: fc.boolean(),
      version: fc.constant(1),
      visitorId: fc.uuid(),
    }),
  },
  { method: "GET", path: visitorId.map((id) => `/api/consent/history?${new URLSearchParams({ visitorId: id })}`) },
  { method: "GET", path: fc.constant("/api/consent/definitions") },
  {
    method: "POST",
    path: fc.constant("/api/generator/unlock"),
    body: fc.record({ code: fc.constantFrom("sonnenschein", "falsch", "") }),
  },
  {
    // Where credits change hands: drawn more often, so concurrent runs meet.
    weight: 4,
    method: "POST",
    path: fc.constant("/api/generator/generate"),
    body: fc.record(
      {
        platform: fc.constantFrom("facebook", "instagram", "linkedin", "twitter"),
        keyPoints: fc.constantFrom("Zimtschnecken, Samstag", "Neue Öffnungszeiten ab Montag"),
        tone: fc.constantFrom("friendly", "formal", "humorous", "exaggerated_marketing"),
        language: fc.constantFrom("german", "english", "french", "spanish", "turkish"),
        imageData: fc.constantFrom(null, null, null, SMALL_PNG, HUGE_PNG, "data:image/gif;base64,R0lG"),
        website: fc.constantFrom(undefined, undefined, undefined, "", "http://127.0.0.1/", "https://", "ftp://x"),
      },
      { requiredKeys: ["platform", "keyPoints", "tone", "language"] },
    ),
  },
  { method: "GET", path: fc.constant("/api/generator/status") },
  {
    method: "POST",
    path: fc.constantFrom("/api/optimizer/correct-grammar", "/api/optimizer/improve-post"),
    body: fc.record({ postText: fc.constantFrom("Ich habe einen Feher gescrieben!", "Neuer Post #eins") }),
  },
  { method: "POST", path: fc.constant("/api/optimizer/spelling"), body: fc.record({ text: fc.string() }) },
  { method: "POST", path: fc.constant("/api/optimizer/trial") },
  { method: "GET", path: fc.constant("/api/optimizer/access") },
  {
    method: "GET",
    path: fc
      .record(
        {
          search: nastyText,
          platform: fc.oneof(fc.constantFrom("all", "twitter"), nastyText),
          language: fc.oneof(fc.constantFrom("all", "german"), nastyText),
          tone: fc.oneof(fc.constantFrom("all", "formal"), nastyText),
          page: fc.oneof(integerText, nastyText),
        },
        { requiredKeys: [] },
      )
      .map((query) => `/api/archive?${new URLSearchParams(query as Record<string, string>)}`),
  },
  { method: "GET", path: pathSegment.map((id) => `/api/archive/${id}`) },
  { method: "DELETE", path: pathSegment.map((id) => `/api/archive/${id}`) },
  {
    method: "GET",
    path: fc.constantFrom(
      "/api/profile",
      "/api/config",
      "/api/site-settings",
      "/api/admin/access",
      "/api/gibt-es-nicht",
    ),
  },
  // The admin's routes (ADR 0024), signed in as the admin account when the suite has one:
  // every number they take, and every id, with values beyond their columns.
  {
    // A valid new value with an odd one beside it reaches the integer comparison: drawn more often.
    weight: 4,
    method: "PUT",
    path: pathSegment.map((id) => `/api/admin/users/${id}/credits`),
    body: fc.record({
      credits: fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: 0, max: 100 }) },
        { weight: 1, arbitrary: hugeInteger },
      ),
      expectedCredits: hugeInteger,
    }),
  },
  {
    method: "PUT",
    path: fc.oneof(pathSegment, integerText.map(encodeURIComponent)).map((id) => `/api/admin/users/${id}/plans`),
    body: fc.record({ plan: fc.constantFrom("generator_pro", "optimizer_premium"), granted: fc.boolean() }),
  },
  {
    method: "GET",
    path: fc
      .record({ q: fc.constantFrom("", "fuzz", "%"), page: integerText }, { requiredKeys: [] })
      .map((query) => `/api/admin/users?${new URLSearchParams(query)}`),
  },
  {
    method: "POST",
    path: fc.constant("/api/admin/tokens"),
    body: fc.record({ name: fc.uuid().map((id) => `Fuzz ${id}`), maxTokens: hugeInteger }),
  },
  {
    method: "PUT",
    path: fc
      .tuple(fc.constantFrom("tokens", "prompts"), fc.oneof(pathSegment, integerText.map(encodeURIComponent)))
      .map(([kind, id]) => `/api/admin/${kind}/${id}`),
    body: fc.record({
      name: fc.constantFrom("Fuzz"),
      maxTokens: hugeInteger,
      systemPrompt: fc.constantFrom("System"),
      userPrompt: fc.constantFrom("User"),
      updatedAt: fc.constantFrom("2026-01-01T00:00:00.000Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z"),
    }),
  },
  {
    method: "DELETE",
    path: fc
      .tuple(fc.constantFrom("tokens", "prompts"), fc.oneof(pathSegment, integerText.map(encodeURIComponent)))
      .map(([kind, id]) => `/api/admin/${kind}/${id}`),
  },
  {
    method: "POST",
    path: fc
      .tuple(fc.oneof(pathSegment, integerText.map(encodeURIComponent)), fc.constantFrom("read", "reply"))
      .map(([id, action]) => `/api/admin/messages/${id}/${action}`),
    body: fc.record({ responseText: fc.constantFrom("Guten Tag"), senderName: fc.constantFrom(undefined, "Team") }),
  },
  {
    method: "GET",
    path: fc.constantFrom(
      "/api/admin/audit",
      "/api/admin/usage",
      "/api/admin/messages",
      "/api/admin/messages/cancellations",
      "/api/admin/prompts",
      "/api/admin/tokens",
      "/api/admin/site-settings",
    ),
  },
  {
    method: "PUT",
    path: fc.constant("/api/admin/site-settings"),
    body: fc.record({
      siteTitle: fc.constantFrom("Postwerk"),
      metaDescription: fc.constantFrom("Beschreibung"),
      faviconUrl: fc.constantFrom(""),
      gaTrackingId: fc.constantFrom(""),
      updatedAt: fc.constantFrom("2026-01-01T00:00:00.000Z", "0001-01-01T00:00:00+14:00"),
    }),
  },
  { method: "GET", path: fc.constant("/api/auth/get-session") },
  {
    method: "POST",
    path: fc.constant("/api/billing/checkout"),
    body: fc.record({ plan: fc.constantFrom("generator_pro", "optimizer_premium") }),
  },
  { method: "POST", path: fc.constantFrom("/api/billing/portal", "/api/billing/status", "/api/billing/webhook") },
  {
    method: "POST",
    path: fc.constant("/api/cancellation"),
    body: fc.record({
      name: fc.constantFrom("Erika Mustermann"),
      email: fc.constantFrom("erika@example.test"),
      plan: fc.constantFrom("generator_pro", "optimizer_premium"),
      kind: fc.constantFrom("ordinary", "extraordinary"),
      effective: fc.constantFrom("next_possible", "2099-01-31", "2020-01-01"),
      reason: fc.constantFrom(undefined, "Umzug"),
    }),
  },
  {
    method: "POST",
    path: fc.constant("/api/auth/sign-up/email"),
    body: fc.record({
      email: fc.uuid().map((id) => `fuzz-${id}@example.test`),
      password: fc.constantFrom("geheim123", "123456", "kurz"),
      name: fc.constantFrom("Fuzz", ""),
    }),
  },
  {
    method: "POST",
    path: fc.constant("/api/auth/sign-in/email"),
    body: fc.record({ email: fc.constantFrom("erika@example.test"), password: fc.constantFrom("falsch123") }),
  },
  { method: "POST", path: fc.constant("/api/auth/update-user"), body: fc.record({ name: fc.constantFrom("Erika") }) },
  {
    method: "POST",
    path: fc.constant("/api/auth/change-password"),
    // Never the account's real password: the fuzzer's session must outlive the run.
    body: fc.record({
      currentPassword: fc.constant("nicht-das-passwort"),
      newPassword: fc.constant("anderes-passwort1"),
    }),
  },
  {
    method: "POST",
    path: fc.constant("/api/auth/change-email"),
    body: fc.record({
      newEmail: fc.constantFrom("neu@example.test"),
      callbackURL: fc.constantFrom("/konto", "https://evil.example"),
    }),
  },
  // ADR 0080: more of Better Auth's refusals (redirect targets, a second factor without its
  // sign-in, a path it does not know), each to be answered in German.
  {
    method: "POST",
    path: fc.constantFrom("/api/auth/sign-in/email", "/api/auth/send-verification-email"),
    body: fc.record({
      email: fc.constantFrom("erika@example.test"),
      password: fc.constantFrom("falsch123"),
      callbackURL: fc.constantFrom("/konto", "https://evil.example", "//evil.example"),
    }),
  },
  {
    method: "POST",
    path: fc.constant("/api/auth/request-password-reset"),
    body: fc.record({
      email: fc.constantFrom("erika@example.test"),
      redirectTo: fc.constantFrom("/auth/neues-passwort", "https://evil.example"),
    }),
  },
  {
    method: "POST",
    path: fc.constantFrom("/api/auth/two-factor/verify-totp", "/api/auth/two-factor/verify-backup-code"),
    body: fc.record({ code: fc.constantFrom("123456", "abcde-fghij") }),
  },
  {
    method: "POST",
    path: fc.constantFrom("/api/auth/reset-password", "/api/auth/gibt-es-nicht"),
    body: fc.record({ token: fc.constantFrom("abc"), newPassword: fc.constantFrom("Laterne-Zimt-43") }),
  },
  // Publishing (ADR 0053, 0066): plans for accounts that do not exist, so nothing is sent.
  {
    method: "POST",
    path: fc.constant("/api/posts"),
    body: fc.record({
      targets: fc.array(fc.record({ accountId: fc.uuid(), text: fc.constantFrom("Guten Morgen", "") }), {
        maxLength: 2,
      }),
      plannedFor: fc.constantFrom({ date: "2099-01-01", time: "10:00" }, "2099-01-01T10:00", null),
    }),
  },
  {
    method: "POST",
    path: fc.constant("/api/posts/threads"),
    body: fc.record({
      accountId: fc.uuid(),
      posts: fc.constantFrom(["Eins", "Zwei"], ["Eins"]),
      plannedFor: fc.constantFrom({ date: "2099-01-01", time: "10:00" }, "x"),
    }),
  },
  {
    method: "PATCH",
    path: pathSegment.map((id) => `/api/posts/${id}`),
    body: fc.record({
      text: fc.constantFrom("Neu"),
      plannedFor: fc.constantFrom({ date: "2099-01-01", time: "10:00" }, "x"),
    }),
  },
  {
    method: "GET",
    path: fc
      .record({ accountId: fc.oneof(fc.uuid(), nastyText), status: nastyText, week: integerText })
      .map((query) => `/api/posts?${new URLSearchParams(query)}`),
  },
  // Drafts (ADR 0084): any shape of content, stale or absurd revisions, ids that are no draft.
  {
    method: "POST",
    path: fc.constant("/api/drafts"),
    body: fc.record({
      source: fc.constantFrom("composer", "optimizer", "optimizer-thread"),
      content: fc.record({
        accountIds: fc.array(fc.uuid(), { maxLength: 2 }),
        text: nastyText,
        perAccountText: fc.constantFrom({}),
        threadPosts: fc.array(nastyText, { maxLength: 3 }),
        image: fc.constantFrom(null, { url: "/uploads/social-images/a.png", alt: "" }),
        plannedFor: fc.constantFrom(null, { date: "2099-01-01", time: "10:00" }),
      }),
    }),
  },
  {
    method: "PUT",
    path: pathSegment.map((id) => `/api/drafts/${id}`),
    body: fc.record({ content: fc.constantFrom({ text: "x" }), revision: fc.integer() }),
  },
  {
    method: "POST",
    path: fc
      .tuple(pathSegment, fc.constantFrom("duplicate", "redraft"))
      .map(([id, action]) => `/api/posts/${id}/${action}`),
  },
  {
    method: "GET",
    path: fc
      .record({ source: nastyText, network: nastyText, accountId: fc.oneof(fc.uuid(), nastyText) })
      .map((query) => `/api/drafts?${new URLSearchParams(query)}`),
  },
];

/**
 * The valid body, or with some fields replaced by anything, one field removed, one added,
 * or the whole body replaced.
 */
function mutated(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
  const scrambled = valid.chain((body) =>
    fc.record(
      Object.fromEntries(
        Object.entries(body).map(([key, value]) => [
          key,
          fc.oneof({ weight: 2, arbitrary: fc.constant(value) }, { weight: 1, arbitrary: anyValue }),
        ]),
      ),
    ),
  );
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    { weight: 6, arbitrary: scrambled },
    {
      weight: 4,
      arbitrary: fc.tuple(valid, fc.nat(), anyValue).map(([body, index, value]) => {
        const keys = Object.keys(body);
        const key = keys[index % Math.max(1, keys.length)] ?? "x";
        return { ...body, [key]: value };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.nat()).map(([body, index]) => {
        const keys = Object.keys(body);
        const { [keys[index % Math.max(1, keys.length)] ?? ""]: _removed, ...rest } = body;
        return rest;
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, nastyText, anyValue).map(([body, key, value]) => ({ ...body, [key]: value })),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

function serialized(body: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: body.map((value) => JSON.stringify(value) ?? "null") },
    { weight: 1, arbitrary: body.map((value) => (JSON.stringify(value) ?? "").slice(0, -1)) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
    { weight: 1, arbitrary: fc.constant("") },
  );
}

const headerText = fc.string({ unit: "grapheme-ascii", maxLength: 40 });

/** Every request the fuzzer may send, signed in (mostly) with one of the accounts' session cookies. */
export function apiRequests(options: { baseUrl: string; cookies: string[] }): fc.Arbitrary<FuzzRequest> {
  const target = fc.oneof(...TARGETS.map((target) => ({ weight: target.weight ?? 1, arbitrary: fc.constant(target) })));
  return target.chain((target) =>
    fc
      .record({
        path: target.path,
        body: target.body ? fc.option(serialized(mutated(target.body)), { freq: 8 }) : fc.option(serialized(anyValue)),
        contentType: fc.option(
          fc.constantFrom(
            "application/json",
            "application/json",
            "application/json",
            "application/json",
            "application/json",
            "application/json",
            "application/json; charset=utf-8",
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "",
          ),
          { freq: 8 },
        ),
        session: fc.constantFrom("own", "own", "own", "own", "own", "own", "none", "forged"),
        cookie: fc.constantFrom(...options.cookies),
        origin: fc.oneof(
          { weight: 17, arbitrary: fc.constant<string | null>(options.baseUrl) },
          { weight: 3, arbitrary: fc.constantFrom(null, "https://evil.example", "null") },
        ),
        // Behind TRUST_PROXY each request may come from a new address, so the per-address
        // limits do not hide what lies behind them.
        forwardedFor: fc.option(fc.oneof({ weight: 4, arbitrary: fc.ipV4() }, { weight: 1, arbitrary: headerText }), {
          freq: 8,
        }),
        acceptEncoding: fc.option(fc.oneof(fc.constantFrom("gzip", "br", "deflate, gzip"), headerText)),
        forgedToken: headerText,
      })
      .map((draw) => {
        const headers: Record<string, string> = {};
        if (draw.contentType !== null) headers["content-type"] = draw.contentType;
        if (draw.origin !== null) headers.origin = draw.origin;
        if (draw.forwardedFor !== null) headers["x-forwarded-for"] = draw.forwardedFor;
        if (draw.acceptEncoding !== null) headers["accept-encoding"] = draw.acceptEncoding;
        if (draw.session === "own") headers.cookie = draw.cookie;
        if (draw.session === "forged")
          headers.cookie = `postwerk.session_token=${encodeURIComponent(draw.forgedToken)}`;
        return {
          method: target.method,
          path: draw.path,
          headers,
          body: target.method === "GET" ? undefined : (draw.body ?? undefined),
        };
      }),
  );
}

/**
 * Sends one request and reads the whole answer (a generation's stream to its end), unpacked when
 * the fuzzer asked for it compressed, as a browser would.
 */
export async function sendFuzzRequest(app: FuzzApp, request: FuzzRequest): Promise<{ status: number; body: string }> {
  const response = await app.request(request.path, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const encoding = response.headers.get("content-encoding");
  const body =
    response.body && (encoding === "gzip" || encoding === "deflate")
      ? response.body.pipeThrough(new DecompressionStream(encoding))
      : response.body;
  return { status: response.status, body: await new Response(body).text() };
}

/** A short, loggable description of a request: the body cut, never a session cookie. */
export function describeFuzzRequest(request: FuzzRequest): string {
  const { cookie: _cookie, ...headers } = request.headers;
  return `${request.method} ${request.path} ${JSON.stringify(headers)} ${JSON.stringify(request.body?.slice(0, 200))}`;
}
