import { green, grey, red } from '@mui/material/colors';

/**
 * One colour per territory wherever care requests are shown by territory (the lists' chips, the dashboard's chart):
 * core green 800, optional red 700 (white text reaches 4.5:1 on both), neither grey 500.
 */
export const TERRITORY_COLORS = { core: green[800], optional: red[700], other: grey[500] } as const;
