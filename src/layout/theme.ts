import { blue, deepOrange, grey, lightBlue, red } from '@mui/material/colors';
import { defaultDarkTheme, defaultTheme, type RaThemeOptions } from 'react-admin';

/** The drawer is wide enough for the German group entries; longer labels wrap instead of being cut off. */
const DRAWER_WIDTH = 260;

/**
 * A checkbox that has only an aria-label (react-admin's row checkboxes) gets it on its input, where assistive
 * technology looks for the checkbox's name, instead of on the surrounding span.
 */
const MuiCheckbox = {
  defaultProps: {
    slotProps: {
      root: () => ({ 'aria-label': undefined }),
      input: (ownerState: { 'aria-label'?: string; inputProps?: Record<string, unknown> }) => ({
        ...ownerState.inputProps,
        'aria-label': ownerState.inputProps?.['aria-label'] ?? ownerState['aria-label'],
      }),
    },
  },
};

/**
 * An alert's text wraps instead of scrolling: MUI's message area scrolls when a long (German) text overflows it, and a
 * scrollable region without keyboard access fails axe.
 */
const MuiAlert = { styleOverrides: { message: { overflow: 'visible' } } };

/**
 * react-admin's light theme with colours that reach WCAG AA contrast (4.5:1 for normal text): the blue hue of the
 * defaults one shade darker for the app bar, links and text buttons (also on the grey form toolbar), red 900 for
 * errors (also a Delete button on the light blue bar of selected rows), and info and warning dark enough for text on white (the mail states' outlined chips: Queued, Retrying).
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: blue[800] },
    secondary: { light: blue[300], main: blue[800], dark: blue[900], contrastText: '#fff' },
    error: { main: red[900] },
    info: { main: lightBlue[900] },
    warning: { main: deepOrange[900] },
  },
  sidebar: { ...defaultTheme.sidebar, width: DRAWER_WIDTH },
  components: {
    ...defaultTheme.components,
    MuiCheckbox,
    MuiAlert,
    RaToolbar: {
      styleOverrides: { root: { backgroundColor: grey[100] } },
    },
  },
};

/**
 * react-admin's dark theme with colours that reach WCAG AA contrast on its dark backgrounds: light blue (200) for the
 * primary colour (links, text buttons, the selected drawer entry) and light red (300) for errors.
 */
export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: {
    ...defaultDarkTheme.palette,
    mode: 'dark',
    primary: { main: blue[200] },
    secondary: { light: blue[100], main: blue[200], dark: blue[300], contrastText: 'rgba(0, 0, 0, 0.87)' },
    error: { main: red[300] },
  },
  sidebar: { ...defaultDarkTheme.sidebar, width: DRAWER_WIDTH },
  components: { ...defaultDarkTheme.components, MuiCheckbox, MuiAlert },
};
