// Credit rules of the generator (spec sections 1, 4 and 9; ADR 0003 for the start value).
export const CREDIT_DISPLAY_MAX = 100;
export const CREDITS_PER_GENERATION = 1;
export const STARTING_CREDITS = 10;

export const SUBSCRIPTION_ACTIVE = "active";

export function isActiveSubscription(status: string | null | undefined): boolean {
  return status === SUBSCRIPTION_ACTIVE;
}
