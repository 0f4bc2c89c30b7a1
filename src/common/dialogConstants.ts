/** The action dialogs' width, and the delay after which a dialog moves the focus into itself (once it has opened). */
export const DIALOG_WIDTH = 500;
export const FOCUS_DELAY_MS = 200;
