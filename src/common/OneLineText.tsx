import { Box, Tooltip } from '@mui/material';

/**
 * A value in one line of a list: cut with an ellipsis where the column is narrower, and the whole value in a tooltip on
 * hover and on keyboard focus.
 */
export const OneLineText = ({ text, whole = text, testId }: { text: string; whole?: string; testId?: string }) => (
  <Tooltip title={whole}>
    <Box component="span" tabIndex={0} data-testid={testId} sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
      {text}
    </Box>
  </Tooltip>
);
