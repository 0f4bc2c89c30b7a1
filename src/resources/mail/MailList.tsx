import type { ReactNode } from 'react';
import { DataTable, type Identifier, List, type RaRecord, SearchInput, SimpleList, type SortPayload, TopToolbar } from 'react-admin';
import type { CsvColumn } from '../../common/export/csv';
import { CsvExportButton } from '../../common/export/CsvExportButton';
import { useIsPhone } from '../../common/useIsPhone';
import { DEFAULT_PAGE_SIZE, ListPagination } from '../../common/ListPagination';
import { ListEmpty } from '../../common/ListEmpty';
import { useCan } from '../../common/permissions';
import type { MailResource } from '../../dataProviders/mail';
import { AutoReload } from './AutoReload';
import { MailLink } from './MailLink';
import { mailPaths } from './paths';
import { ReloadButton } from './ReloadButton';

/** What a row's card shows on a phone. */
export interface MailCard<T> {
  primary: (record: T) => ReactNode;
  secondary?: (record: T) => ReactNode;
  tertiary?: (record: T) => ReactNode;
  /** The row's actions. */
  actions?: (record: T) => ReactNode;
}

interface MailListProps<T> {
  resource: MailResource;
  /** Translation key of the title. */
  title: string;
  /** DataTable columns. */
  children: ReactNode;
  /** Extra toolbar buttons (before Reload). */
  actions?: ReactNode;
  /** Default sort; none keeps the service's order. */
  sort?: SortPayload;
  /** Translation key of what the list says without rows, in the screen's own words. */
  emptyMessage: string;
  /** The action offered by the empty list (Add). */
  emptyAction?: ReactNode;
  /** Rows can be selected (only where an action works on the selection), by those who may manage mail: the selection's actions need it. */
  selectable?: boolean;
  exportColumns: readonly CsvColumn<T>[];
  /** Translation key of the export's file name. */
  exportFileName: string;
  card: MailCard<T>;
  /** Rows are mails: a row opens the mail's detail (providers and accounts have their own Edit links). */
  rowsAreMails?: boolean;
}

const NO_SORT: SortPayload = { field: '', order: 'ASC' };

/** Load errors are only logged: no notification, no error page; the table stays as it was. */
const logLoadError = (error: unknown) => console.error('Cannot load the list', error);

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/**
 * Cards no wider than the phone: long expressions, hosts and addresses wrap, and the third line (chips, times) sits under
 * the others in full colour (react-admin floats it beside them at 54 % opacity, which left the chips too faint to read).
 */
const CARD_SX = {
  '& .MuiListItemText-root': { minWidth: 0, overflowWrap: 'anywhere' },
  '& .RaSimpleList-tertiary': { opacity: 1, float: 'none', display: 'block', mt: 0.5 },
} as const;

/**
 * An SMTP reply may hold long unbroken words (hosts, addresses, codes): the error column breaks them anywhere, so that it gives
 * way instead of the subject and never widens the table past the window.
 */
const TABLE_SX = { '& .MuiTableCell-body.column-error_message': { overflowWrap: 'anywhere' } } as const;

/**
 * The generic mail list: title, search, reload button, CSV export, a table (selectable only where an action works on the
 * selection; cards on a phone) and an auto-reload every 60 seconds; a mail's row opens its detail; without rows it says so in the
 * screen's words. The mail lists' service searches, sorts and pages (the mail log's route with the list's state), over all the list's mails.
 */
export function MailList<T>(props: MailListProps<T>) {
  const { resource, title, children, actions, sort = NO_SORT, emptyMessage, emptyAction, selectable = false, exportColumns, exportFileName, card, rowsAreMails = false } = props;
  const rowClick = rowsAreMails ? (id: Identifier) => mailPaths.mail(id) : false;
  const canManage = useCan('mail:manage');
  const phone = useIsPhone();
  const empty = <ListEmpty message={emptyMessage} action={emptyAction} />;
  return (
    <List
      resource={resource}
      title={title}
      filters={filters}
      actions={
        <TopToolbar>
          {actions}
          <ReloadButton />
          <CsvExportButton<T & RaRecord> columns={exportColumns} fileName={exportFileName} />
        </TopToolbar>
      }
      sort={sort}
      perPage={DEFAULT_PAGE_SIZE}
      pagination={<ListPagination />}
      exporter={false}
      empty={false}
      disableSyncWithLocation
      storeKey={false}
      queryOptions={{ onError: logLoadError }}
    >
      <AutoReload />
      {phone ? (
        <SimpleList<T & RaRecord>
          rowClick={card.actions ? false : rowClick}
          primaryText={card.actions && rowsAreMails ? (record) => <MailLink uid={record.id}>{card.primary(record)}</MailLink> : card.primary}
          secondaryText={card.secondary}
          tertiaryText={card.tertiary}
          rightIcon={card.actions}
          empty={empty}
          sx={CARD_SX}
        />
      ) : (
        <DataTable rowClick={rowClick} bulkActionButtons={selectable && canManage} bulkActionsToolbar={false} empty={empty} sx={TABLE_SX}>
          {children}
        </DataTable>
      )}
    </List>
  );
}
