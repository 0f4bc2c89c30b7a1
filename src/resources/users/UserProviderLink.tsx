import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useLocale, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { DetailList } from '../../common/DetailList';
import { formatSeconds } from '../../common/dates/formatSeconds';
import { IfCan } from '../../common/permissions';
import { useSignInProviderName } from '../../common/signInProvider';
import type { CaredeskDataProvider } from '../../dataProviders';
import { USERS_RESOURCE, type UserRecord } from '../../dataProviders/users';

const t = (key: string) => `resources.users.provider_link.${key}`;

/** The provider's name where it is known, else the issuer's host. */
export function useProviderNameOf(record: UserRecord | undefined): string {
  const name = useSignInProviderName();
  const issuer = record?.providerLink?.issuer;
  if (name) return name;
  try {
    return issuer ? new URL(issuer).host : '';
  } catch {
    return issuer ?? '';
  }
}

/**
 * The Authentication tab's account at the provider, for a linked user: the provider, its issuer, the subject, when linked and last
 * signed in there; for users:manage, Unlink after a confirmation that says what follows (docs/api.md, Sign-in through the provider).
 */
export const UserProviderLink = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const record = useRecordContext<UserRecord>();
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const refresh = useRefresh();
  const provider = useProviderNameOf(record);
  const [unlinking, setUnlinking] = useState(false);
  const link = record?.providerLink;
  if (!record || !link) return null;
  const name = record.publicName;
  return (
    <Box component="section" aria-labelledby="provider-link-title" sx={{ mb: 2, width: '100%', maxWidth: 640 }}>
      <Typography id="provider-link-title" variant="subtitle1" component="h2">
        {translate(t('title'))}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(t('intro'), { name, provider })}
      </Typography>
      <DetailList
        rows={[
          [t('provider'), provider],
          [t('issuer'), link.issuer],
          [t('subject'), link.subject],
          [t('linked_at'), formatSeconds(link.linked_at, locale)],
          [
            t('last_sign_in'),
            link.last_sign_in === null ? translate(t('never')) : formatSeconds(link.last_sign_in, locale),
          ],
        ]}
      />
      <IfCan permission="users:manage">
        <Button
          sx={{ mt: 1 }}
          color="error"
          variant="outlined"
          startIcon={<LinkOffIcon />}
          onClick={() => setUnlinking(true)}
        >
          {translate(t('unlink'))}
        </Button>
      </IfCan>
      <ConfirmDialog
        open={unlinking}
        onClose={() => setUnlinking(false)}
        title={t('confirm_title')}
        message={t('confirm_message')}
        messageArgs={{ name, provider }}
        confirmLabel={t('unlink')}
        successMessage={t('unlinked')}
        onConfirm={() => dataProvider.unlinkProvider(USERS_RESOURCE, { id: record.id })}
        onConfirmed={refresh}
      />
    </Box>
  );
};
