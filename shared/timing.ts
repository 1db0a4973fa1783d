// Durations from spec section 9.
export const SUCCESS_PAGE_REDIRECT_MS = 5000;
export const COPIED_INDICATOR_MS = 2000;
export const HOVER_TIP_OPEN_DELAY_MS = 700;
export const HOVER_TIP_CLOSE_DELAY_MS = 300;
export const SHARE_POPUP = { width: 600, height: 400 } as const;
// Spec section 9 "Toasts": 3 visible, 4000 ms each.
export const TOASTS_VISIBLE = 3;
export const TOAST_DURATION_MS = 4000;
