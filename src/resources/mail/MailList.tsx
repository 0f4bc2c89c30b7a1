import type { ReactNode } from 'react';
import {
  ColumnsButton,
  DataTable,
  type Identifier,
  List,
  type RaRecord,
  SearchInput,
  SimpleList,
  type SortPayload,
  TopToolbar,
} from 'react-admin';
import type { CsvColumn } from '../../common/export/csv';
import { type ColumnShare, oneLineTable } from '../../common/oneLineTable';
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
  /** The columns that give way, with their shares of the width (`oneLineTable`). */
  giveWay: Record<string, ColumnShare>;
  /** Columns shown only when chosen through the Columns button, which lists of mails have. */
  hiddenColumns?: string[];
}

const NO_SORT: SortPayload = { field: '', order: 'ASC' };

/** Load errors are only logged: no notification, no error page; the table stays as it was. */
const logLoadError = (error: unknown) => console.error('Cannot load the list', error);

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/**
 * The third line of a card (chips, times) sits under the others in full colour (react-admin floats it beside them at 54 %
 * opacity, which left the chips too faint to read); long words wrap (the layout's rule for every card).
 */
const CARD_SX = { '& .RaSimpleList-tertiary': { opacity: 1, float: 'none', display: 'block', mt: 0.5 } } as const;

/**
 * The generic mail list: title, search, reload button, Columns (lists of mails; the choice remembered), CSV export, a table (selectable only where an action works on the
 * selection; cards on a phone) and an auto-reload every 60 seconds; a mail's row opens its detail; without rows it says so in the
 * screen's words. The mail lists' service searches, sorts and pages (the mail log's route with the list's state), over all the list's mails.
 */
export function MailList<T>(props: MailListProps<T>) {
  const {
    resource,
    title,
    children,
    actions,
    sort = NO_SORT,
    emptyMessage,
    emptyAction,
    selectable = false,
    exportColumns,
    exportFileName,
    card,
    rowsAreMails = false,
    giveWay,
    hiddenColumns,
  } = props;
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
          {rowsAreMails && !phone && <ColumnsButton />}
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
          primaryText={
            card.actions && rowsAreMails
              ? (record) => <MailLink uid={record.id}>{card.primary(record)}</MailLink>
              : card.primary
          }
          secondaryText={card.secondary}
          tertiaryText={card.tertiary}
          rightIcon={card.actions}
          empty={empty}
          sx={CARD_SX}
        />
      ) : (
        <DataTable
          rowClick={rowClick}
          bulkActionButtons={selectable && canManage}
          bulkActionsToolbar={false}
          hiddenColumns={hiddenColumns}
          empty={empty}
          sx={oneLineTable({ giveWay })}
        >
          {children}
        </DataTable>
      )}
    </List>
  );
}
