import { Box, Tooltip } from '@mui/material';

/** The host as people name a website: without its "www." (www.pflege-beispiel.de -> pflege-beispiel.de). */
export const shortHost = (host: string) => host.replace(/^www\./i, '');

/**
 * A host in one line of a list: named without "www.", cut with an ellipsis where the column is narrower, and the whole
 * host in a tooltip on hover and on keyboard focus.
 */
export const ShortHost = ({ host }: { host: string }) => (
  <Tooltip title={host}>
    <Box
      component="span"
      tabIndex={0}
      data-testid="short-host"
      sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {shortHost(host)}
    </Box>
  </Tooltip>
);
