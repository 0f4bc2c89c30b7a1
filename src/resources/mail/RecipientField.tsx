import type { Mail } from '../../dataProviders/mail/wire';

/** The first recipient (of `to`) plus '[+n]' for the others. */
function recipientSummary(mail: Pick<Mail, 'to'> | null | undefined): string {
  const to = mail?.to ?? [];
  if (to.length === 0) return '';
  return to.length > 1 ? `${to[0]} [+${to.length - 1}]` : to[0];
}

export const RecipientField = ({ mail }: { mail: Pick<Mail, 'to'> | null | undefined }) => <span>{recipientSummary(mail)}</span>;
