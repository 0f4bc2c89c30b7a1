import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export interface DetailRow {
  /** A translation key. */
  label: string;
  value: ReactNode;
}

/** A definition list of label/value pairs (labels are translation keys). */
export const DetailRows = ({ rows, title, testId }: { rows: DetailRow[]; title?: string; testId?: string }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ mb: 2 }} data-testid={testId}>
      {title && (
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
          {title}
        </Typography>
      )}
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(120px, 40%) minmax(0, 1fr)',
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
        }}
      >
        {rows.map((row) => (
          <Box key={row.label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {translate(row.label)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
              {row.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
};
