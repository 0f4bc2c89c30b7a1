import type { ReactNode } from 'react';
import { DataTable, List, SearchInput, type SortPayload, TopToolbar } from 'react-admin';
import { DEFAULT_PAGE_SIZE, ListPagination } from '../../common/ListPagination';
import { ListEmpty } from '../../common/ListEmpty';
import type { MailResource } from '../../dataProviders/mail';
import { AutoReload } from './AutoReload';
import { mailPaths } from './paths';
import { ReloadButton } from './ReloadButton';

interface MailListProps {
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
}

const NO_SORT: SortPayload = { field: '', order: 'ASC' };

/** Load errors are only logged: no notification, no error page; the table stays as it was. */
const logLoadError = (error: unknown) => console.error('Cannot load the list', error);

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/**
 * The generic mail list: title, search, reload button, selectable table and an auto-reload every 60 seconds; a row
 * opens the mail's detail; without rows it says so in the screen's words.
 * The service searches, sorts and pages (the mail log's route with the list's state), over all the list's mails.
 */
export const MailList = ({ resource, title, children, actions, sort = NO_SORT, emptyMessage, emptyAction }: MailListProps) => (
  <List
    resource={resource}
    title={title}
    filters={filters}
    actions={
      <TopToolbar>
        {actions}
        <ReloadButton />
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
    <DataTable
      rowClick={(id) => mailPaths.mail(id)}
      bulkActionButtons={true}
      bulkActionsToolbar={false}
      empty={<ListEmpty message={emptyMessage} action={emptyAction} />}
    >
      {children}
    </DataTable>
  </List>
);
