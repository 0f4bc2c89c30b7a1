import { Box } from '@mui/material';

const LABEL_SX = {
  display: 'inline-block',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const;

/**
 * A host name that wraps only after its dots, never inside a label; a label wider than the column is cut with an
 * ellipsis, and the whole host is in the title.
 */
export const HostName = ({ host }: { host: string }) => {
  const labels = host.split('.');
  return (
    <Box component="span" title={host} data-testid="host-name" sx={{ overflowWrap: 'normal', wordBreak: 'normal' }}>
      {labels.map((label, index) => (
        <Box component="span" key={index} sx={LABEL_SX}>
          {index < labels.length - 1 ? `${label}.` : label}
        </Box>
      ))}
    </Box>
  );
};
