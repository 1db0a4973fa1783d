import { z } from "zod";
import { canonicalTimeZone } from "./wall-time.ts";

// The user's time zone setting (ADR 0091): any zone Intl knows, stored as Intl names it.

export const TIME_ZONE_INVALID = "Bitte wählen Sie eine Zeitzone aus der Liste.";

export const TimeZoneSettingSchema = z.object(
  {
    timeZone: z
      .string({ error: TIME_ZONE_INVALID })
      .max(64, { error: TIME_ZONE_INVALID })
      .transform((zone, context) => {
        const canonical = canonicalTimeZone(zone);
        if (canonical) return canonical;
        context.addIssue({ code: "custom", message: TIME_ZONE_INVALID });
        return z.NEVER;
      }),
  },
  { error: TIME_ZONE_INVALID },
);
export type TimeZoneSetting = z.input<typeof TimeZoneSettingSchema>;
