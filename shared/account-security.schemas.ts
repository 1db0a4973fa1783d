import { z } from "zod";

// Request bodies of /api/account-security (ADR 0044).

export const SecuritySettingsSchema = z.object({
  notifyNewSignIn: z.boolean({ error: "Bitte wählen Sie, ob Sie benachrichtigt werden möchten." }),
});
export type SecuritySettings = z.infer<typeof SecuritySettingsSchema>;

export const EmailChangeObjectionSchema = z.object({
  token: z.string({ error: "Der Link ist unvollständig." }).min(20, "Der Link ist unvollständig.").max(200),
});
