import { CreateButton, DataTable, List, SearchInput, SimpleList } from 'react-admin';
import { useIsPhone } from '../../common/useIsPhone';
import { ListPagination } from '../../common/ListPagination';
import { useCan } from '../../common/permissions';
import { ListEmpty } from '../../common/ListEmpty';
import type { UserRecord } from '../../dataProviders/users';
import { EditUserButton } from './EditUserButton';
import { LastSignInField } from './LastSignInField';
import { RoleChips } from './RoleChips';
import { UserListActions } from './UserListActions';
import { UserNameField } from './UserNameField';
import { usersPaths } from './paths';
import { USERS_LIST_DEFAULTS } from './listDefaults';

/** DataTable's column typed for user records. */
const Column = DataTable.Col<UserRecord>;

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** /users/: the users, paged and searched by the service; on a desktop, row selection for those who may act on it (a phone acts from the edit page). */
const UserList = () => {
  const canManage = useCan('users:manage');
  const phone = useIsPhone();
  const empty = <ListEmpty message="resources.users.list.empty" action={canManage && <CreateButton to={usersPaths.create} label="resources.users.list.add" />} />;
  return (
    <List
      title="resources.users.list.title"
      filters={filters}
      actions={<UserListActions />}
      perPage={USERS_LIST_DEFAULTS.pagination.perPage}
      pagination={<ListPagination />}
      sort={USERS_LIST_DEFAULTS.sort}
      exporter={false}
      empty={false}
    >
      {phone ? (
        <SimpleList<UserRecord>
          rowClick={false}
          primaryText={(record) => <UserNameField record={record} />}
          secondaryText={(record) => record.username}
          tertiaryText={(record) => <RoleChips record={record} />}
          rightIcon={(record) => <EditUserButton record={record} />}
          empty={empty}
        />
      ) : (
        <DataTable<UserRecord> rowClick={false} bulkActionButtons={canManage} bulkActionsToolbar={false} empty={empty}>
          <Column source="publicName" label="resources.users.list.name" render={(record) => <UserNameField record={record} />} />
          <Column source="username" label="resources.users.fields.username" />
          <Column source="roles" label="resources.users.fields.roles" disableSort render={(record) => <RoleChips record={record} />} />
          <Column source="lastSignIn" label="resources.users.fields.last_sign_in" render={(record) => <LastSignInField record={record} />} />
          <Column source="id" label="resources.users.fields.id" />
          <Column label="resources.users.list.actions" render={(record) => <EditUserButton record={record} />} />
        </DataTable>
      )}
    </List>
  );
};

export default UserList;
