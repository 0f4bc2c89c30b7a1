import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, Stack } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { DataTable, List, SearchInput, SimpleList, TopToolbar, useLocale, useTranslate } from 'react-admin';
import { CsvExportButton } from '../../common/export/CsvExportButton';
import { useIsPhone } from '../../common/useIsPhone';
import { DialogIconButton } from '../../common/DialogIconButton';
import { DEFAULT_PAGE_SIZE, ListPagination } from '../../common/ListPagination';
import { ListEmpty } from '../../common/ListEmpty';
import { OneLineText } from '../../common/OneLineText';
import { oneLineTable } from '../../common/oneLineTable';
import { API_TOKEN_RESOURCES, type ApiTokenRecord } from '../../dataProviders/apiTokens';
import { formatSeconds } from '../../common/dates/formatSeconds';
import { AddTokenDialog } from './AddTokenDialog';
import { ConfirmTokenDialog, type TokenAction } from './ConfirmTokenDialog';
import { CreatorField } from './CreatorField';
import { TOKEN_CSV_COLUMNS } from './csv';

const Column = DataTable.Col<ApiTokenRecord>;

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const Seconds = ({ value, empty }: { value: number | null; empty: string }) => {
  const locale = useLocale();
  const translate = useTranslate();
  return <>{value == null ? translate(empty) : formatSeconds(value, locale)}</>;
};

/** A small icon button is 30 px square (5 px padding around a 20 px icon). */
const ACTION_SLOT_PX = 30;

/** An action's place in the Actions cell, as wide as a small icon button, kept empty when the action is not offered. */
const ActionSlot = ({ children }: { children?: ReactNode }) => (
  <Box
    data-testid="token-action-slot"
    sx={{
      width: ACTION_SLOT_PX,
      height: ACTION_SLOT_PX,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
    }}
  >
    {children}
  </Box>
);

/** Revoke (while not revoked) and delete, each in its own slot so that Delete stays in its column on revoked rows. */
const TokenActions = ({ record, onAction }: { record: ApiTokenRecord; onAction: (action: TokenAction) => void }) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5}>
      <ActionSlot>
        {record.revoked == null && (
          <DialogIconButton
            size="small"
            title={translate('caredesk.files.tokens.revoke')}
            aria-label={`${translate('caredesk.files.tokens.revoke')} ${record.service}`}
            onClick={() => onAction('revoke')}
          >
            <BlockIcon fontSize="small" />
          </DialogIconButton>
        )}
      </ActionSlot>
      <ActionSlot>
        <DialogIconButton
          size="small"
          color="error"
          title={translate('caredesk.files.tokens.delete')}
          aria-label={`${translate('caredesk.files.tokens.delete')} ${record.service}`}
          onClick={() => onAction('delete')}
        >
          <DeleteIcon fontSize="small" />
        </DialogIconButton>
      </ActionSlot>
    </Stack>
  );
};

/** The value's last four characters ("…a1b2"), or a dash for a token added before they were kept. */
const LastFour = ({ record }: { record: ApiTokenRecord }) => {
  const translate = useTranslate();
  return (
    <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }} data-testid="token-last-four">
      {record.last_four ? `…${record.last_four}` : translate('caredesk.files.tokens.no_last_four')}
    </Box>
  );
};

/** Who added the token and its service's name give way (`oneLineTable`). */
const TABLE_SX = oneLineTable({ giveWay: { created_by: '18%', service: '24%' } });

/** The export's file name key per token resource. */
const exportFileName = (resource: string) =>
  `caredesk.files.tokens.export.file_name_${resource === API_TOKEN_RESOURCES.pricing ? 'pricing' : 'files'}`;

/**
 * The API access tokens of one service (file storage or pricing): a local list with search (no row selection: no
 * action works on several tokens), CSV export, an Add dialog and the delete and revoke confirmations (revoke only while
 * not revoked); cards instead of the table on a phone.
 */
export const ApiTokenList = ({ resource, title }: { resource: string; title: string }) => {
  const translate = useTranslate();
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<{ action: TokenAction; record: ApiTokenRecord } | null>(null);
  const phone = useIsPhone();
  const empty = (
    <ListEmpty
      message="caredesk.files.tokens.empty"
      action={
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {translate('caredesk.files.tokens.add_token')}
        </Button>
      }
    />
  );
  return (
    <>
      <List
        resource={resource}
        title={title}
        disableSyncWithLocation
        storeKey={false}
        filters={filters}
        sort={{ field: 'created', order: 'DESC' }}
        perPage={DEFAULT_PAGE_SIZE}
        pagination={<ListPagination />}
        exporter={false}
        empty={false}
        actions={
          <TopToolbar>
            <Button size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              {translate('caredesk.files.tokens.add')}
            </Button>
            <CsvExportButton columns={TOKEN_CSV_COLUMNS} fileName={exportFileName(resource)} />
          </TopToolbar>
        }
      >
        {phone ? (
          <SimpleList<ApiTokenRecord>
            rowClick={false}
            primaryText={(record) => (
              <>
                {record.service} <LastFour record={record} />
              </>
            )}
            secondaryText={(record) => (
              <>
                {translate('caredesk.files.tokens.created')}: <Seconds value={record.created} empty="" />
              </>
            )}
            tertiaryText={(record) => (
              <>
                {translate('caredesk.files.tokens.expires')}:{' '}
                <Seconds value={record.expires} empty="caredesk.files.tokens.never" />
              </>
            )}
            rightIcon={(record) => (
              <TokenActions record={record} onAction={(action) => setPending({ action, record })} />
            )}
            empty={empty}
          />
        ) : (
          <DataTable<ApiTokenRecord> rowClick={false} bulkActionButtons={false} empty={empty} sx={TABLE_SX}>
            <Column
              source="created"
              label="caredesk.files.tokens.created"
              render={(record) => <Seconds value={record.created} empty="" />}
            />
            <Column
              source="created_by"
              label="caredesk.files.tokens.by"
              render={(record) => <CreatorField uid={record.created_by} />}
            />
            <Column
              source="service"
              label="caredesk.files.tokens.service"
              render={(record) => <OneLineText text={record.service} />}
            />
            <Column
              source="last_four"
              label="caredesk.files.tokens.ends_with"
              disableSort
              render={(record) => <LastFour record={record} />}
            />
            <Column
              source="expires"
              label="caredesk.files.tokens.expires"
              render={(record) => <Seconds value={record.expires} empty="caredesk.files.tokens.never" />}
            />
            <Column
              source="revoked"
              label="caredesk.files.tokens.revoked"
              render={(record) => <Seconds value={record.revoked} empty="caredesk.files.tokens.not_revoked" />}
            />
            <Column
              label="caredesk.files.tokens.actions"
              render={(record) => (
                <TokenActions record={record} onAction={(action) => setPending({ action, record })} />
              )}
            />
          </DataTable>
        )}
      </List>
      <AddTokenDialog resource={resource} open={adding} onClose={() => setAdding(false)} />
      <ConfirmTokenDialog
        resource={resource}
        action={pending?.action ?? 'delete'}
        record={pending?.record ?? null}
        onClose={() => setPending(null)}
      />
    </>
  );
};
