import { blue, grey, red } from '@mui/material/colors';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** The drawer is wide enough for the German group entries; longer labels wrap instead of being cut off. */
const DRAWER_WIDTH = 260;

/**
 * react-admin's light theme with colours that reach WCAG AA contrast (4.5:1 for normal text): the blue hue of the
 * defaults one shade darker for the app bar, links and text buttons (also on the grey form toolbar), and red 800 for
 * errors. A checkbox that has only an aria-label (react-admin's row checkboxes) gets it on its input, where assistive
 * technology looks for the checkbox's name, instead of on the surrounding span.
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: blue[800] },
    secondary: { light: blue[300], main: blue[800], dark: blue[900], contrastText: '#fff' },
    error: { main: red[800] },
  },
  sidebar: { ...defaultTheme.sidebar, width: DRAWER_WIDTH },
  components: {
    ...defaultTheme.components,
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: () => ({ 'aria-label': undefined }),
          input: (ownerState: { 'aria-label'?: string; inputProps?: Record<string, unknown> }) => ({
            ...ownerState.inputProps,
            'aria-label': ownerState.inputProps?.['aria-label'] ?? ownerState['aria-label'],
          }),
        },
      },
    },
    RaToolbar: {
      styleOverrides: { root: { backgroundColor: grey[100] } },
    },
  },
};
