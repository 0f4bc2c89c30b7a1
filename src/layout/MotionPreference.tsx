import { type Theme, ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** MUI's transitions at no duration and no ripple: dialogs, menus and the drawer appear and go at once, a click spreads no wave. */
function withoutMotion(outer: Theme): Theme {
  const duration = Object.fromEntries(
    Object.keys(outer.transitions.duration).map((name) => [name, 0]),
  ) as unknown as Theme['transitions']['duration'];
  const buttonBase = outer.components?.MuiButtonBase;
  return {
    ...outer,
    transitions: { ...outer.transitions, duration, create: () => 'none', getAutoHeightDuration: () => 0 },
    components: {
      ...outer.components,
      MuiButtonBase: { ...buttonBase, defaultProps: { ...buttonBase?.defaultProps, disableRipple: true } },
    },
  };
}

/**
 * Follows the system's "reduce motion" setting (WCAG 2.3.3): MUI ignores it on its own, so the theme inside drops every
 * transition for those who ask for it.
 */
export const MotionPreference = ({ children }: { children: ReactNode }) => {
  const reduced = useMediaQuery(REDUCED_MOTION, { noSsr: true });
  return reduced ? <ThemeProvider theme={withoutMotion}>{children}</ThemeProvider> : <>{children}</>;
};
