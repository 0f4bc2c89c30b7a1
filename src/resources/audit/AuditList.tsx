import VisibilityIcon from '@mui/icons-material/Visibility';
import { IconButton, Tooltip } from '@mui/material';
import { DataTable, List, SearchInput, SimpleList, TopToolbar, useTranslate } from 'react-admin';
import { useIsPhone } from '../../common/useIsPhone';
import { Link, useNavigate } from 'react-router-dom';
import { ListEmpty } from '../../common/ListEmpty';
import { ListPagination } from '../../common/ListPagination';
import { UrlStateSync, useSpecListParams } from '../../common/urlListState';
import { AUDIT_RESOURCE, type AuditEvent } from '../../dataProviders/audit';
import { AuditExportButton } from './AuditExportButton';
import { AuditFilters } from './AuditFilters';
import { oneLineTable } from '../../common/oneLineTable';
import { ActionField, ActorField, OneLineActorField, OutcomeChip, TargetField, TimeField } from './fields';
import { AUDIT_URL_STATE, auditEventPath } from './listState';

const Column = DataTable.Col<AuditEvent>;

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const t = (key: string) => `caredesk.audit.list.${key}`;

/** Actor and target (public names, recipients) give way (`oneLineTable`). */
const TABLE_SX = oneLineTable({ giveWay: { actor: '22%', target: '30%' } });

/** A link to the event (the row opens it as well; the link is what the keyboard reaches). */
const OpenEventButton = ({ event }: { event: AuditEvent }) => {
  const label = useTranslate()(t('open'));
  return (
    <Tooltip title={label}>
      <IconButton
        component={Link}
        to={auditEventPath(event.id)}
        aria-label={`${label} ${event.id}`}
        size="small"
        onClick={(click) => click.stopPropagation()}
      >
        <VisibilityIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};

/** On a phone: one card per event (action, actor and time, target, outcome) that opens the event. */
const AuditCards = () => (
  <SimpleList<AuditEvent>
    rowClick={(id) => auditEventPath(id)}
    primaryText={(event) => <ActionField event={event} />}
    secondaryText={(event) => (
      <>
        <ActorField event={event} /> · <TimeField event={event} />
      </>
    )}
    tertiaryText={(event) => <OutcomeChip event={event} />}
    empty={<ListEmpty message={t('empty')} />}
  />
);

/** /audit/: the audit trail, paged by the service, newest first, its search and filters kept in the URL; a row opens the event; cards on a phone. */
const AuditList = () => {
  const listProps = useSpecListParams(AUDIT_URL_STATE);
  const navigate = useNavigate();
  const phone = useIsPhone();
  return (
    <List
      resource={AUDIT_RESOURCE}
      title={t('title')}
      {...listProps}
      filters={filters}
      actions={
        <TopToolbar sx={{ alignItems: 'center' }}>
          <AuditFilters />
          <AuditExportButton />
        </TopToolbar>
      }
      pagination={<ListPagination />}
      empty={false}
    >
      <UrlStateSync options={AUDIT_URL_STATE} />
      {phone ? (
        <AuditCards />
      ) : (
        <DataTable<AuditEvent>
          rowClick={(id) => {
            void navigate(auditEventPath(id));
            return false;
          }}
          bulkActionButtons={false}
          empty={<ListEmpty message={t('empty')} />}
          sx={TABLE_SX}
        >
          <Column source="time" label={t('time')} render={(event) => <TimeField event={event} />} />
          <Column source="actor" label={t('actor')} render={(event) => <OneLineActorField event={event} />} />
          <Column source="action" label={t('action')} render={(event) => <ActionField event={event} />} />
          <Column source="target" label={t('target')} disableSort render={(event) => <TargetField event={event} />} />
          <Column source="outcome" label={t('outcome')} disableSort render={(event) => <OutcomeChip event={event} />} />
          <Column label={t('open')} render={(event) => <OpenEventButton event={event} />} />
        </DataTable>
      )}
    </List>
  );
};

export default AuditList;
