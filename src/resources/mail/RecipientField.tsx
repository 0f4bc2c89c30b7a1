import { Box } from '@mui/material';
import { OneLineText } from '../../common/OneLineText';
import type { Mail } from '../../dataProviders/mail/wire';

/** The first recipient (of `to`) plus '[+n]' for the others. */
function recipientSummary(mail: Pick<Mail, 'to'> | null | undefined): string {
  const to = mail?.to ?? [];
  if (to.length === 0) return '';
  return to.length > 1 ? `${to[0]} [+${to.length - 1}]` : to[0];
}

export const RecipientField = ({ mail }: { mail: Pick<Mail, 'to'> | null | undefined }) => (
  <span>{recipientSummary(mail)}</span>
);

/**
 * The recipients in one line of a table: the first, cut with an ellipsis where the column is narrower, then '[+n]', which stays
 * in view; every recipient on hover and on focus where not all are shown.
 */
export const OneLineRecipients = ({ mail }: { mail: Pick<Mail, 'to'> | null | undefined }) => {
  const to = mail?.to ?? [];
  if (to.length === 0) return null;
  return (
    <Box component="span" sx={{ display: 'flex', gap: 0.5 }}>
      <OneLineText text={to[0]} whole={to.join(', ')} />
      {/* the blank reads "a@example.org [+1]" as one text (the gap shows it) */}
      {to.length > 1 && <Box component="span" sx={{ flexShrink: 0 }}>{` [+${to.length - 1}]`}</Box>}
    </Box>
  );
};
