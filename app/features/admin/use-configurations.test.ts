import { describe, expect, it } from "vitest";
import { ApiError } from "#app/lib/api.ts";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import { isChangedMeanwhile } from "./conflict-notice.tsx";
import { isNameTaken } from "./use-configurations.ts";

// ADR 0055: the form's conflict and name handling follow the server's code, not its sentence.
describe("the configuration forms' reading of a refusal", () => {
  it("sees a conflict by its code, even when the sentence is worded anew", () => {
    expect(isChangedMeanwhile(new ApiError("Neu formuliert.", 409, "CHANGED_MEANWHILE"))).toBe(true);
    expect(isChangedMeanwhile(new ApiError(ADMIN_MESSAGES.changedMeanwhile, 409, "NAME_TAKEN"))).toBe(false);
  });

  it("sees a taken name by its code", () => {
    expect(isNameTaken(new ApiError("Name vergeben.", 409, "NAME_TAKEN"))).toBe(true);
    expect(isNameTaken(new ApiError("Name vergeben.", 409, "CHANGED_MEANWHILE"))).toBe(false);
  });
});
