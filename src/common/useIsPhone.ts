import { type Theme, useMediaQuery } from '@mui/material';

/** True on a phone-sized screen (below MUI's sm breakpoint, 600 px): lists show cards, dialogs fill the screen. */
export const useIsPhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
