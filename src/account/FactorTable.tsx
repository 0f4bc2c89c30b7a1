import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { formatSeconds } from '../common/dates/formatSeconds';
import { useIsPhone } from '../common/useIsPhone';
import type { SecondFactor } from '../dataProviders/ownAccount';

const t = (key: string) => `caredesk.security.${key}`;

/** The own factors (kind, name, added, last used), each with Remove after a confirmation. */
export const FactorTable = ({
  factors,
  onRemove,
  onRemoved,
}: {
  factors: SecondFactor[];
  onRemove: (uid: string) => Promise<void>;
  onRemoved: () => void;
}) => {
  const translate = useTranslate();
  const locale = useLocale();
  const [removing, setRemoving] = useState<SecondFactor | null>(null);
  const phone = useIsPhone();
  const lastUsed = (factor: SecondFactor) =>
    factor.last_used === null ? translate(t('never')) : formatSeconds(factor.last_used, locale);
  const removeButton = (factor: SecondFactor) => (
    <Button
      size="small"
      color="error"
      onClick={() => setRemoving(factor)}
      aria-label={translate(t('remove_named'), { name: factor.name })}
    >
      {translate(t('remove'))}
    </Button>
  );
  // a phone shows each factor as a block of its own: five columns would not fit its width
  const cards = (
    <Box component="ul" aria-label={translate(t('factors_title'))} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {factors.map((factor) => (
        <Box
          component="li"
          key={factor.uid}
          sx={{ py: 1, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}
        >
          <Typography variant="subtitle2">{factor.name}</Typography>
          <Typography variant="body2">{translate(t(`kinds.${factor.kind}`))}</Typography>
          <Typography variant="body2" color="text.secondary">
            {`${translate(t('created'))}: ${formatSeconds(factor.created, locale)} · ${translate(t('last_used'))}: ${lastUsed(factor)}`}
          </Typography>
          {removeButton(factor)}
        </Box>
      ))}
    </Box>
  );
  return (
    <>
      {phone ? (
        cards
      ) : (
        <Table
          size="small"
          aria-label={translate(t('factors_title'))}
          sx={{ '& td, & th': { overflowWrap: 'anywhere' } }}
        >
          <TableHead>
            <TableRow>
              {['kind', 'name', 'created', 'last_used', 'actions'].map((name) => (
                <TableCell key={name}>{translate(t(name))}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {factors.map((factor) => (
              <TableRow key={factor.uid}>
                <TableCell>{translate(t(`kinds.${factor.kind}`))}</TableCell>
                <TableCell>{factor.name}</TableCell>
                <TableCell>{formatSeconds(factor.created, locale)}</TableCell>
                <TableCell>{lastUsed(factor)}</TableCell>
                <TableCell>{removeButton(factor)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('remove_title')}
        message={t('remove_message')}
        confirmLabel={t('remove')}
        successMessage={t('removed')}
        onConfirm={() => onRemove(removing!.uid)}
        onConfirmed={onRemoved}
      />
    </>
  );
};
