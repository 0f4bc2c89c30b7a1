import { Alert, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

interface FigureCardProps {
  title: string;
  error?: unknown;
  children?: ReactNode;
}

/** A titled card of the dashboard; while its figures fail to load it says so instead. */
export const FigureCard = ({ title, error, children }: FigureCardProps) => {
  const translate = useTranslate();
  return (
    <Card component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {error ? (
          <Alert severity="warning">{translate('caredesk.statistics.failed_to_load')}</Alert>
        ) : (
          <Stack spacing={1}>{children}</Stack>
        )}
      </CardContent>
    </Card>
  );
};

interface FigureLinkProps {
  label: string;
  /** The figure as shown (formatted); nothing while it loads. */
  value: string | undefined;
  to: string;
  emphasis?: boolean;
}

/** One figure, a link to the screen that lists what it counts; its accessible name is the label and the figure. */
export const FigureLink = ({ label, value, to, emphasis = false }: FigureLinkProps) => (
  <Link
    component={RouterLink}
    to={to}
    underline="hover"
    color={emphasis ? 'error' : 'primary'}
    sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'baseline' }}
  >
    <Typography component="span" variant="body1">
      {label}
    </Typography>{' '}
    <Typography component="span" variant="h6" sx={{ fontWeight: emphasis ? 700 : 500 }} data-testid="figure">
      {value ?? '…'}
    </Typography>
  </Link>
);
