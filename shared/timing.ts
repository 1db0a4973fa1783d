// Durations from spec section 9.
export const SUCCESS_PAGE_REDIRECT_MS = 5000;
