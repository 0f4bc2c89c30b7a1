import { DataTable, List, SearchInput } from 'react-admin';
import type { UserRecord } from '../../dataProviders/users';
import { EditUserButton } from './EditUserButton';
import { RoleChips } from './RoleChips';
import { UserListActions } from './UserListActions';
import { UserNameField } from './UserNameField';
import { USERS_LIST_DEFAULTS } from './usePrefetchUsers';

/** DataTable's column typed for user records. */
const Column = DataTable.Col<UserRecord>;

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** /users/: a local list (the service returns all users) with search and row selection. */
const UserList = () => (
  <List
    title="resources.users.list.title"
    filters={filters}
    actions={<UserListActions />}
    perPage={USERS_LIST_DEFAULTS.pagination.perPage}
    sort={USERS_LIST_DEFAULTS.sort}
    exporter={false}
  >
    <DataTable<UserRecord> rowClick={false} bulkActionButtons={true} bulkActionsToolbar={false}>
      <Column source="publicName" label="resources.users.list.name" render={(record) => <UserNameField record={record} />} />
      <Column source="username" label="resources.users.fields.username" />
      <Column source="roles" label="resources.users.fields.roles" disableSort render={(record) => <RoleChips record={record} />} />
      <Column source="id" label="resources.users.fields.id" />
      <Column label="resources.users.list.actions" render={(record) => <EditUserButton record={record} />} />
    </DataTable>
  </List>
);

export default UserList;
