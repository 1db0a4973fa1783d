import { z } from "zod";
import { API_KEY_NAME_MAX, API_REQUESTS_PER_MINUTE_MAX, API_SCOPES, PUBLIC_API_ERRORS } from "./public-api.ts";
import { CAP_PLANS } from "./publishing-caps.ts";
import { textField } from "./text.schemas.ts";

// Creating a personal API key on /konto (ADR 0107): the form and the route share this schema.

export const CreateApiKeySchema = z.object(
  {
    name: textField(PUBLIC_API_ERRORS.INVALID_NAME)
      .trim()
      .min(1, { error: PUBLIC_API_ERRORS.INVALID_NAME })
      .max(API_KEY_NAME_MAX, { error: PUBLIC_API_ERRORS.INVALID_NAME }),
    scopes: z
      .array(z.enum(API_SCOPES, { error: PUBLIC_API_ERRORS.INVALID_SCOPES }), {
        error: PUBLIC_API_ERRORS.INVALID_SCOPES,
      })
      .min(1, { error: PUBLIC_API_ERRORS.INVALID_SCOPES })
      .transform((scopes) => [...new Set(scopes)]),
    directScheduling: z.boolean({ error: PUBLIC_API_ERRORS.INVALID_INPUT }).default(false),
  },
  { error: PUBLIC_API_ERRORS.INVALID_INPUT },
);
export type CreateApiKeyInput = z.infer<typeof CreateApiKeySchema>;

const limitMessage = `Bitte geben Sie je Plan eine ganze Zahl von 0 bis ${API_REQUESTS_PER_MINUTE_MAX.toLocaleString("de-DE")} ein (0: keine API).`;

/** The operator's API limits per plan in the admin area (ADR 0107). */
export const UpdateApiPlanLimitsSchema = z.object({
  limits: z.partialRecord(
    z.enum(CAP_PLANS, { error: limitMessage }),
    z
      .number({ error: limitMessage })
      .int({ error: limitMessage })
      .min(0, { error: limitMessage })
      .max(API_REQUESTS_PER_MINUTE_MAX, { error: limitMessage }),
    { error: limitMessage },
  ),
});
