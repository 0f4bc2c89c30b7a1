/**
 * For an `sx`: a MUI select's chosen value wraps inside the field (breaking long words anywhere) instead of widening the form or
 * being cut. The class is named twice because MUI's own nowrap rule has the same specificity and comes later.
 */
export const WRAPPING_SELECT = {
  '& .MuiSelect-select.MuiSelect-select': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
} as const;
