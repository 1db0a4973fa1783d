import { afterEach, describe, expect, it, vi } from "vitest";
import { NetworkError, type SocialNetwork } from "#server/integrations/social/social-network.ts";
import { tokensFor } from "../../../tests/support/scripted-network.ts";
import { callNetwork, networkAttempt } from "./network-call.ts";

// One call to a network and one claimed attempt's calls (ADR 0053, 0074), without a database:
// what counts as "in doubt", that the timeout's timer does not outlive the call, and what a lookup
// of a post in doubt answers. The refresh after a 401 runs against the database in
// delivery-guards.test.ts.

afterEach(() => {
  vi.useRealTimers();
});

describe("a call to a network", () => {
  it("answers the call's value and leaves no timer behind", async () => {
    vi.useFakeTimers();
    expect(await callNetwork("x", async () => "angekommen", 60_000)).toBe("angekommen");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("passes the integration's NetworkError on as it is", async () => {
    const refused = new NetworkError("x", "rejected", { detail: "zu lang" });
    expect(
      await callNetwork(
        "x",
        async () => {
          throw refused;
        },
        60_000,
      ),
    ).toBe(refused);
  });

  it("calls any other failure 'in doubt', keeping it as the cause", async () => {
    const bug = new TypeError("kaputt");
    const result = await callNetwork(
      "linkedin",
      async () => {
        throw bug;
      },
      60_000,
    );
    expect(result).toBeInstanceOf(NetworkError);
    expect(result).toMatchObject({ kind: "outcome-unknown", network: "linkedin", cause: bug });
  });

  it("calls a call without an answer by the timeout 'in doubt', and not before", async () => {
    vi.useFakeTimers();
    let settled = false;
    const pending = callNetwork("bluesky", () => new Promise<string>(() => undefined), 1_000).then((result) => {
      settled = true;
      return result;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(result).toMatchObject({ kind: "outcome-unknown", network: "bluesky", detail: "keine Antwort" });
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("a claimed attempt", () => {
  const identity = { externalId: "x-1", handle: "@autor", displayName: "Autor", profileUrl: null };
  const access = { kind: "ok" as const, tokens: tokensFor("a-access"), identity };
  const lookup = { text: "Gesucht", replyTo: null, since: new Date("2026-11-18T09:00:00Z") };

  /** An attempt on a stand-in network; a 401 without an account is not refreshed, so no database is needed. */
  function attemptOn(network: Partial<SocialNetwork>, accountId: string | null = null, stopping = false) {
    const deps = {
      networks: { x: { id: "x", limits: { postsPerWindow: 100, windowMs: 900_000 }, ...network } },
      publishingQueue: { stopping: () => stopping },
    } as unknown as Parameters<typeof networkAttempt>[0];
    const publication = { network: "x", accountId } as Parameters<typeof networkAttempt>[1];
    return networkAttempt(deps, publication, access, new Date("2026-11-18T10:00:00Z"), 60_000);
  }

  it("cannot look a post up on a network without a lookup", async () => {
    expect(await attemptOn({}).findPost(lookup)).toBeNull();
  });

  it("answers a found post as published, a missing one as not-found, a failure as it is", async () => {
    const post = { externalId: "x-post-1", url: "https://x.example/posts/x-post-1" };
    const findPost = vi.fn<NonNullable<SocialNetwork["findPost"]>>();
    findPost
      .mockResolvedValueOnce(post)
      .mockResolvedValueOnce(null)
      .mockRejectedValueOnce(new NetworkError("x", "unavailable"));
    const attempt = attemptOn({ findPost });
    expect(await attempt.findPost(lookup)).toEqual({ status: "published", post });
    expect(await attempt.findPost(lookup)).toEqual({ status: "not-found" });
    expect(await attempt.findPost(lookup)).toMatchObject({ kind: "unavailable" });
    expect(findPost).toHaveBeenCalledWith(access.tokens, identity, lookup);
  });

  it("keeps a 401 as it is without an account whose tokens could be refreshed", async () => {
    const publish = vi.fn<SocialNetwork["publish"]>().mockRejectedValue(new NetworkError("x", "revoked"));
    const result = await attemptOn({ publish }).publish({ text: "Hallo", images: [] });
    expect(result).toMatchObject({ kind: "revoked" });
    expect(publish).toHaveBeenCalledTimes(1);
  });

  it("says whether its server is stopping", () => {
    expect(attemptOn({}, null, true).stopping()).toBe(true);
    expect(attemptOn({}, null, false).stopping()).toBe(false);
  });
});
