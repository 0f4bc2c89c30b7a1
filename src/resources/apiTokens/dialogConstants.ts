/** Spec section 9: dialog width 500, focus set after 200 ms. */
export const DIALOG_WIDTH = 500;
export const FOCUS_DELAY_MS = 200;
