import { PUBLISHING_TIME_ZONE } from "#shared/publishing.ts";

// PLACEHOLDER on the branch `calendar`: the user's time zone setting is built on another branch,
// which replaces this file at merge. Until then every user plans in Europe/Berlin (ADR 0053).

/** The IANA zone the user plans and reads times in. */
export function useTimeZone(): string {
  return PUBLISHING_TIME_ZONE;
}
