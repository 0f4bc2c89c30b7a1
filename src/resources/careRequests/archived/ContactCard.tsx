import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { Alert, Button, Card, CardActions, CardContent, CardHeader, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, usePermissions, useRefresh } from 'react-admin';
import { ConfirmDialog } from '../../../common/ConfirmDialog';
import type { CaredeskDataProvider } from '../../../dataProviders';
import { CARE_REQUEST_RESOURCES } from '../../../dataProviders/careRequests';
import type { Archived, CareContact } from '../../../dataProviders/careRequests/wire';
import { describeError } from '../../../dataProviders/problem';
import { DetailRows } from '../parts/DetailRows';
import { useCareFormat } from '../parts/useCareFormat';

const t = (key: string) => `caredesk.care.contact.${key}`;

/** The permission that shows the section (docs/api.md, Permissions); without the permissions read, nothing shows. */
const CONTACT_PERMISSION = 'care:contact';

const ContactRows = ({ contact }: { contact: CareContact }) => {
  const format = useCareFormat();
  return (
    <DetailRows
      testId="care-contact-data"
      rows={[
        { label: t('salutation'), value: format.enumLabel('contact_title', contact.salutation) },
        { label: t('academic_title'), value: format.enumLabel('academic_title', contact.academic_title) },
        { label: t('first_name'), value: format.text(contact.first_name) },
        { label: t('last_name'), value: format.text(contact.last_name) },
        { label: t('phone'), value: format.text(contact.phone) },
        { label: t('email'), value: format.text(contact.email) },
        { label: t('notes'), value: format.text(contact.notes) },
        { label: t('mission_zip_code'), value: format.text(contact.mission_zip_code) },
        { label: t('mission_city'), value: format.text(contact.mission_city) },
      ]}
    />
  );
};

/**
 * The contact data of an archived request, on demand: every read is audited, so it loads only when asked ("Show
 * contact data"). "Erase personal data" (asked before) deletes it for good; an erased request says since when.
 */
const ContactSection = ({ record }: { record: Archived }) => {
  const format = useCareFormat();
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const refresh = useRefresh();
  const [contact, setContact] = useState<CareContact | null>(null);
  const [gone, setGone] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const erased = record.contact_erased ?? null;

  const show = async () => {
    setLoading(true);
    setError(null);
    try {
      setContact((await dataProvider.getContact(CARE_REQUEST_RESOURCES.archived, { id: record.id })).data);
    } catch (cause) {
      if ((cause as { status?: number }).status === 410) setGone(true);
      else setError(describeError(cause, format.translate));
    } finally {
      setLoading(false);
    }
  };
  const erase = async () => {
    await dataProvider.eraseContact(CARE_REQUEST_RESOURCES.archived, { id: record.id });
    setContact(null);
    setGone(true);
  };

  const isErased = erased !== null || gone;
  return (
    <Card variant="outlined" data-testid="care-contact">
      <CardHeader title={format.translate(t('title'))} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent>
        {erased !== null && (
          <Typography>{format.translate(t('erased_on'), { date: format.dateTime(erased) })}</Typography>
        )}
        {erased === null && gone && <Typography>{format.translate(t('erased'))}</Typography>}
        {!isErased && !contact && <Typography color="text.secondary">{format.translate(t('hint'))}</Typography>}
        {!isErased && contact && <ContactRows contact={contact} />}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </CardContent>
      {!isErased && (
        <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {!contact && (
            <Button
              startIcon={loading ? <CircularProgress size={16} /> : <ContactPhoneIcon />}
              disabled={loading}
              onClick={show}
            >
              {format.translate(t('show'))}
            </Button>
          )}
          <Button color="error" startIcon={<DeleteForeverIcon />} onClick={() => setConfirming(true)}>
            {format.translate(t('erase'))}
          </Button>
        </CardActions>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('confirm_title')}
        message={t('confirm_message')}
        confirmLabel={t('erase')}
        successMessage={t('erased_message')}
        onConfirm={erase}
        onConfirmed={refresh}
      />
    </Card>
  );
};

/** The Contact section, only for users holding care:contact. */
export const ContactCard = ({ record }: { record: Archived }) => {
  const { permissions } = usePermissions<unknown>();
  if (!Array.isArray(permissions) || !permissions.includes(CONTACT_PERMISSION)) return null;
  return <ContactSection record={record} />;
};
