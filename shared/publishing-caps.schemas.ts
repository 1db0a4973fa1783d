import { z } from "zod";
import { ADMIN_MESSAGES } from "./admin.ts";
import { integerBetween, integerParamBetween } from "./integer.schemas.ts";
import { NETWORK_IDS, type NetworkId } from "./networks.ts";
import {
  CAP_INVALID_MESSAGE,
  CAP_PLANS,
  type CapPlan,
  PUBLISHING_CAP_MAX,
  type PublishingCaps,
} from "./publishing-caps.ts";

// The admin's caps (ADR 0053, "Kontingent je Plan"): the request of PUT /api/admin/publishing-caps
// and the panel's form, whose fields are text (empty = no cap).

const invalid = { error: ADMIN_MESSAGES.invalidInput };

function perPlanAndNetwork<Cap extends z.ZodType>(cap: Cap) {
  const networks = z.object(
    Object.fromEntries(NETWORK_IDS.map((network) => [network, cap])) as Record<NetworkId, Cap>,
    invalid,
  );
  return z.object(
    Object.fromEntries(CAP_PLANS.map((plan) => [plan, networks])) as Record<CapPlan, typeof networks>,
    invalid,
  );
}

const capNumber = integerBetween(0, PUBLISHING_CAP_MAX, CAP_INVALID_MESSAGE).nullable();

export const PublishingCapsSchema = perPlanAndNetwork(capNumber);

/** The caps to store, and the ones the panel showed: saved over by someone else meanwhile, it is refused (ADR 0024). */
export const UpdatePublishingCapsSchema = z.object(
  { caps: PublishingCapsSchema, expected: PublishingCapsSchema },
  invalid,
);
export type UpdatePublishingCapsInput = z.infer<typeof UpdatePublishingCapsSchema>;

const capField = z
  .string()
  .trim()
  .transform((value) => (value === "" ? null : value))
  .pipe(integerParamBetween(0, PUBLISHING_CAP_MAX, CAP_INVALID_MESSAGE).nullable());

export const PublishingCapsFormSchema = perPlanAndNetwork(capField);
export type PublishingCapsFormInput = z.input<typeof PublishingCapsFormSchema>;
export type PublishingCapsFormValues = z.output<typeof PublishingCapsFormSchema>;

export function toPublishingCapsForm(caps: PublishingCaps): PublishingCapsFormInput {
  return Object.fromEntries(
    CAP_PLANS.map((plan) => [
      plan,
      Object.fromEntries(NETWORK_IDS.map((network) => [network, caps[plan][network]?.toString() ?? ""])),
    ]),
  ) as PublishingCapsFormInput;
}
