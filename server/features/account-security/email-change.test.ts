import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "#server/db/schema/auth.ts";
import { RECOVERY_TEXTS } from "#shared/account-security.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { readJson } from "../../../tests/setup/test-app.ts";
import { readOutbox, waitForMail } from "../../../tests/support/outbox.ts";

// ADR 0044: changing the e-mail address, protected by the password and by the old address's
// link that undoes it, through the real app and database.

setUpTestApp();

async function mailsTo(email: string, subject: string) {
  return (await readOutbox(t.dataDir)).filter((m) => m.to.includes(email) && m.subject === subject);
}

describe("changing the e-mail address", () => {
  it("needs the current password", async () => {
    const cookie = await t.signUpAndConfirm("wechsel-pw@example.test");
    const without = await t.postJson("/api/auth/change-email", { newEmail: "neu-pw@example.test" }, cookie);
    expect(without.status).toBe(400);
    expect((await without.json()).error).toBe(RECOVERY_TEXTS.emailChangePasswordRequired);
    const wrong = await t.postJson(
      "/api/auth/change-email",
      { newEmail: "neu-pw@example.test", password: "falsch" },
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe("INVALID_PASSWORD");
    expect(await mailsTo("neu-pw@example.test", "Bestätigen Sie Ihre neue E-Mail-Adresse")).toHaveLength(0);
  });

  it("tells the old address, whose link undoes the change and ends every session", async () => {
    const cookie = await t.signUpAndConfirm("alt@example.test");
    const change = await t.changeEmail(cookie, "eindringling@example.test");
    expect(change.status).toBe(200);
    const confirm = await waitForMail(t.dataDir, "eindringling@example.test");
    const link = new URL(confirm.links[0] ?? "");
    await t.request(`${link.pathname}${link.search}`, { cookie });
    const [changed] = await t.db.select().from(user).where(eq(user.email, "eindringling@example.test"));
    expect(changed).toBeDefined();

    const notice = await waitForMail(t.dataDir, "alt@example.test", (m) => m.subject.includes("wurde geändert"));
    expect(notice.text).toContain("eindringling@example.test");
    const objectionUrl = new URL(notice.links.find((l) => l.includes("/auth/aenderung-widerrufen")) ?? "");
    const token = objectionUrl.searchParams.get("token") ?? expect.unreachable();

    const objectToChange = () => t.api()["account-security"]["email-change-objection"].$post({ json: { token } });
    const objection = await objectToChange();
    expect((await readJson(objection, 200)).message).toBe(RECOVERY_TEXTS.objectionDone);
    const [restored] = await t.db
      .select()
      .from(user)
      .where(eq(user.id, changed?.id ?? ""));
    expect(restored?.email).toBe("alt@example.test");
    expect((await t.api(cookie).profile.$get()).status).toBe(401);
    await waitForMail(t.dataDir, "alt@example.test", (m) => m.subject === "Passwort zurücksetzen");

    const twice = await objectToChange();
    expect(twice.status).toBe(400);
  });
});

describe("a pending e-mail change", () => {
  const requestChange = (cookie: string, newEmail: string) =>
    t.postJson("/api/auth/change-email", { newEmail, password: "Laterne-Zimt-42", callbackURL: "/konto" }, cookie);
  const pendingOf = async (cookie: string) =>
    (await readJson(await t.api(cookie).profile.$get(), 200)).pendingEmailChange;
  async function changeLink(email: string, nth = 0): Promise<string> {
    await waitForMail(t.dataDir, email, (m) => m.subject === "Bestätigen Sie Ihre neue E-Mail-Adresse");
    const mails = await mailsTo(email, "Bestätigen Sie Ihre neue E-Mail-Adresse");
    const link = new URL(mails[nth]?.links[0] ?? expect.unreachable());
    return `${link.pathname}${link.search}`;
  }
  const emailOf = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0]?.email;
  /** A signed-in user and the id that stays while the address changes. */
  async function signUpWithId(email: string) {
    const cookie = await t.signUpAndConfirm(email);
    const [{ id } = expect.unreachable()] = await t.db.select().from(user).where(eq(user.email, email));
    return { cookie, id };
  }

  it("shows in the profile answer until the link is followed", async () => {
    const cookie = await t.signUpAndConfirm("offen-alt@example.test");
    expect(await pendingOf(cookie)).toBeNull();
    expect((await requestChange(cookie, "Offen-Neu@example.test")).status).toBe(200);
    const pending = await pendingOf(cookie);
    expect(pending?.email).toBe("offen-neu@example.test");
    expect(new Date(pending?.expiresAt ?? 0).getTime()).toBeGreaterThan(Date.now() + 23 * 60 * 60 * 1000);

    const followed = await t.request(await changeLink("offen-neu@example.test"), { cookie });
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/konto");
    const after = await t.api(cookie).profile.$get();
    expect(await readJson(after, 200)).toMatchObject({ email: "offen-neu@example.test", pendingEmailChange: null });
  });

  it("once cancelled, the link no longer changes the address", async () => {
    const { cookie, id } = await signUpWithId("abbruch-alt@example.test");
    expect((await requestChange(cookie, "abbruch-neu@example.test")).status).toBe(200);
    const cancel = await t.api(cookie)["account-security"]["email-change"].$delete();
    expect((await readJson(cancel, 200)).message).toBe(RECOVERY_TEXTS.emailChangeCancelled);
    expect(await pendingOf(cookie)).toBeNull();

    const followed = await t.request(await changeLink("abbruch-neu@example.test"), { cookie });
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/konto?error=EMAIL_CHANGE_LINK_OUTDATED");
    expect(await emailOf(id)).toBe("abbruch-alt@example.test");
  });

  it("a newer request replaces the older one, whose link stops working", async () => {
    const { cookie, id } = await signUpWithId("ersetzt-alt@example.test");
    expect((await requestChange(cookie, "ersetzt-eins@example.test")).status).toBe(200);
    expect((await requestChange(cookie, "ersetzt-zwei@example.test")).status).toBe(200);
    expect((await pendingOf(cookie))?.email).toBe("ersetzt-zwei@example.test");

    const stale = await t.request(await changeLink("ersetzt-eins@example.test"), { cookie });
    expect(stale.headers.get("location")).toBe("/konto?error=EMAIL_CHANGE_LINK_OUTDATED");
    expect(await emailOf(id)).toBe("ersetzt-alt@example.test");
    await t.request(await changeLink("ersetzt-zwei@example.test"), { cookie });
    expect(await emailOf(id)).toBe("ersetzt-zwei@example.test");
  });

  it("cancelling needs a session", async () => {
    const answer = await t.api()["account-security"]["email-change"].$delete();
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ code: "NOT_SIGNED_IN" });
  });
});
