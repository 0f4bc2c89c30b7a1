import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { DataTable, List, SearchInput, TopToolbar, useLocale, useTranslate } from 'react-admin';
import { DialogIconButton } from '../../common/DialogIconButton';
import { DEFAULT_PAGE_SIZE, ListPagination } from '../../common/ListPagination';
import { ListEmpty } from '../../common/ListEmpty';
import type { ApiTokenRecord } from '../../dataProviders/apiTokens';
import { formatSeconds } from '../../common/dates/formatSeconds';
import { AddTokenDialog } from './AddTokenDialog';
import { ConfirmTokenDialog, type TokenAction } from './ConfirmTokenDialog';
import { CreatorField } from './CreatorField';

const Column = DataTable.Col<ApiTokenRecord>;

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const Seconds = ({ value, empty }: { value: number | null; empty: string }) => {
  const locale = useLocale();
  const translate = useTranslate();
  return <>{value == null ? translate(empty) : formatSeconds(value, locale)}</>;
};

/**
 * The API access tokens of one service (file storage or pricing): a local list with search and row selection,
 * an Add dialog and the delete and revoke confirmations (revoke only while not revoked).
 */
export const ApiTokenList = ({ resource, title }: { resource: string; title: string }) => {
  const translate = useTranslate();
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<{ action: TokenAction; record: ApiTokenRecord } | null>(null);
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
          </TopToolbar>
        }
      >
        <DataTable<ApiTokenRecord>
          rowClick={false}
          bulkActionButtons={true}
          bulkActionsToolbar={false}
          empty={
            <ListEmpty
              message="caredesk.files.tokens.empty"
              action={
                <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
                  {translate('caredesk.files.tokens.add_token')}
                </Button>
              }
            />
          }
        >
          <Column source="created" label="caredesk.files.tokens.created" render={(record) => <Seconds value={record.created} empty="" />} />
          <Column source="created_by" label="caredesk.files.tokens.by" render={(record) => <CreatorField uid={record.created_by} />} />
          <Column source="service" label="caredesk.files.tokens.service" />
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
              <Stack direction="row" spacing={0.5}>
                {record.revoked == null && (
                  <DialogIconButton
                    size="small"
                    title={translate('caredesk.files.tokens.revoke')}
                    aria-label={`${translate('caredesk.files.tokens.revoke')} ${record.service}`}
                    onClick={() => setPending({ action: 'revoke', record })}
                  >
                    <BlockIcon fontSize="small" />
                  </DialogIconButton>
                )}
                <DialogIconButton
                  size="small"
                  color="error"
                  title={translate('caredesk.files.tokens.delete')}
                  aria-label={`${translate('caredesk.files.tokens.delete')} ${record.service}`}
                  onClick={() => setPending({ action: 'delete', record })}
                >
                  <DeleteIcon fontSize="small" />
                </DialogIconButton>
              </Stack>
            )}
          />
        </DataTable>
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
