import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import type { PublicationView } from "#shared/publishing.schemas.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { queuedJobsFor } from "../../../tests/setup/test-database.ts";
import { mondayAhead } from "../../../tests/support/publishing.ts";
import { createScriptedNetworks } from "../../../tests/support/scripted-network.ts";

// The data of publishing in the GDPR export and deletion (ADR 0026, 0053, 0059): the export lists
// the connected accounts without any secret, a deletion leaves no token and no job behind.

setUpTestApp({ overrides: { networks: createScriptedNetworks() } });

async function customerWithPlannedPost(email: string) {
  const cookie = await t.signUpAndConfirm(email);
  const connected = await t.postJson(
    "/api/connections/bluesky/app-password",
    { identifier: email.split("@")[0], appPassword: "app-pass-word" },
    cookie,
  );
  const { accountId } = (await connected.json()) as { accountId: string };
  const created = await t.postJson(
    "/api/posts",
    { targets: [{ accountId, text: "Geplant für später" }], plannedFor: { date: mondayAhead(), time: "08:00" } },
    cookie,
  );
  const { posts } = (await created.json()) as { posts: PublicationView[] };
  const [row] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { cookie, accountId, postId: posts[0]?.id ?? "", userId: row?.id ?? "" };
}

describe("export and deletion of publishing data", () => {
  it("exports the connected accounts and posts, and no token", async () => {
    const { cookie } = await customerWithPlannedPost("export@example.test");
    const response = await t.request("/api/data-export", { cookie });
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const text = new TextDecoder().decode(files["veroeffentlichungen.json"]);
    const data = JSON.parse(text);
    expect(data.connectedAccounts).toEqual([
      expect.objectContaining({ network: "bluesky", handle: "@export", status: "connected" }),
    ]);
    expect(data.posts).toEqual([expect.objectContaining({ text: "Geplant für später", status: "planned" })]);
    const everything = Object.values(files)
      .map((bytes) => new TextDecoder().decode(bytes))
      .join("\n");
    expect(everything).not.toContain("export-access");
    expect(everything).not.toMatch(/"tokens"|v1\.[0-9a-f]{8}\./);
  });

  it("deleting the user removes the tokens, the posts and their waiting jobs", async () => {
    const { cookie, accountId, postId, userId } = await customerWithPlannedPost("weg@example.test");
    expect(await queuedJobsFor(t.db, postId)).toBe(1);
    const response = await t.request("/api/auth/delete-user", {
      method: "POST",
      body: JSON.stringify({ password: "Laterne-Zimt-42" }),
      cookie,
    });
    expect(response.status).toBe(200);
    expect(await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId))).toEqual([]);
    expect(await t.db.select().from(publications).where(eq(publications.userId, userId))).toEqual([]);
    expect(await queuedJobsFor(t.db, postId)).toBe(0);
  });
});
