import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { Title, useGetList, useTranslate } from 'react-admin';
import { useCan } from '../../common/permissions';
import { describeError } from '../../dataProviders/problem';
import { ROLES_RESOURCE, type RoleRecord } from '../../dataProviders/roles';
import { CsvDownloadButton } from '../../common/export/CsvExportButton';
import { ROLE_CSV_COLUMNS } from './csv';
import { RoleCard } from './RoleCard';

const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'role', order: 'ASC' as const } };

const NO_FILTER = {};

/** /roles/: every role (with a policy or in use) and its permissions, and their CSV export; read-only without roles:manage. */
const RoleList = () => {
  const translate = useTranslate();
  const canManage = useCan('roles:manage');
  const { data, isPending, error } = useGetList<RoleRecord>(ROLES_RESOURCE, ALL);

  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title="caredesk.roles.title" />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('caredesk.roles.title')}
        </Typography>
        <CsvDownloadButton<RoleRecord>
          resource={ROLES_RESOURCE}
          filter={NO_FILTER}
          sort={ALL.sort}
          columns={ROLE_CSV_COLUMNS}
          fileName="caredesk.roles.export.file_name"
          disabled={!data?.length}
        />
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('caredesk.roles.intro')}
      </Typography>
      {!canManage && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('caredesk.roles.read_only')}
        </Alert>
      )}
      {isPending && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
      {error != null && <Alert severity="error">{describeError(error, translate)}</Alert>}
      {data?.length === 0 && <Typography color="text.secondary">{translate('caredesk.roles.empty')}</Typography>}
      <Stack spacing={2}>
        {data?.map((role) => (
          // a new key after a save or reload resets the card's checkboxes to the stored permissions
          <RoleCard key={`${role.id}:${role.permissions.join(',')}`} role={role} readOnly={!canManage} />
        ))}
      </Stack>
    </Box>
  );
};

export default RoleList;
