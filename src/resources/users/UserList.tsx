import { useState } from 'react';
import { CreateButton, DataTable, List, SearchInput, SimpleList } from 'react-admin';
import { useSignInProviderName } from '../../common/signInProvider';
import { useIsPhone } from '../../common/useIsPhone';
import { ListPagination } from '../../common/ListPagination';
import { useCan } from '../../common/permissions';
import { ListEmpty } from '../../common/ListEmpty';
import { OneLineText } from '../../common/OneLineText';
import { oneLineTable } from '../../common/oneLineTable';
import type { UserRecord } from '../../dataProviders/users';
import { EditUserButton } from './EditUserButton';
import { LastSignInField } from './LastSignInField';
import { RoleChips } from './RoleChips';
import { SecondFactorChip } from './SecondFactorChip';
import { SecondFactorsDialog } from './SecondFactorsDialog';
import { SignInChip } from './SignInChip';
import { UserListActions } from './UserListActions';
import { UserNameField } from './UserNameField';
import { usersPaths } from './paths';
import { USERS_LIST_DEFAULTS } from './listDefaults';

/** DataTable's column typed for user records. */
const Column = DataTable.Col<UserRecord>;

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** A click on a row (a card on a phone) opens the user, as the row's Edit button does. */
const openUser = (id: string | number) => usersPaths.edit(id);

/** Name, username, roles and the uid give way (`oneLineTable`); a user's role chips may take more than one line. */
const TABLE_SX = oneLineTable({ giveWay: { publicName: '20%', username: '15%', roles: '22%', id: '12%' } });

/**
 * react-admin shows a card's tertiary text (here the role chips) floated beside the name at 54 % opacity, which washes
 * the chips' colours out below their label contrast: full colour, on a line of their own under the name.
 */
const cardSx = { '& .RaSimpleList-tertiary': { opacity: 1, float: 'none', display: 'block', mt: 0.5 } } as const;

/**
 * /users/: the users, paged and searched by the service; on a desktop, row selection for those who may act on it (a phone
 * acts from the edit page). For those who may edit users, a row or card opens the user. With a provider configured, how each
 * user signs in (a column; a chip on a phone's card), with a filter for it in the actions (UserListActions).
 */
const UserList = () => {
  const canManage = useCan('users:manage');
  const phone = useIsPhone();
  const provider = useSignInProviderName();
  // a manager sees a user's factors in the editor; a reader, whose rows open nothing, from the chip
  const [showingFactors, setShowingFactors] = useState<UserRecord | null>(null);
  const openFactors = canManage ? undefined : setShowingFactors;
  const empty = (
    <ListEmpty
      message="resources.users.list.empty"
      action={canManage && <CreateButton to={usersPaths.create} label="resources.users.list.add" />}
    />
  );
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
        // the card itself opens the user, so it holds no Edit button (no control inside a control)
        <SimpleList<UserRecord>
          rowClick={canManage ? openUser : false}
          primaryText={(record) => <UserNameField record={record} />}
          secondaryText={(record) => (
            <>
              <span>{record.username}</span> <SecondFactorChip record={record} onOpen={openFactors} />
              {provider && (
                <>
                  {' '}
                  <SignInChip record={record} provider={provider} />
                </>
              )}
            </>
          )}
          tertiaryText={(record) => <RoleChips record={record} />}
          sx={cardSx}
          empty={empty}
        />
      ) : (
        <DataTable<UserRecord>
          rowClick={canManage ? openUser : false}
          bulkActionButtons={canManage}
          bulkActionsToolbar={false}
          empty={empty}
          sx={TABLE_SX}
        >
          <Column
            source="publicName"
            label="resources.users.list.name"
            render={(record) => <UserNameField record={record} oneLine />}
          />
          <Column
            source="username"
            label="resources.users.fields.username"
            render={(record) => <OneLineText text={record.username ?? ''} />}
          />
          {provider && (
            <Column
              source="signIn"
              label="resources.users.fields.sign_in"
              disableSort
              render={(record) => <SignInChip record={record} provider={provider} showPassword />}
            />
          )}
          <Column
            source="roles"
            label="resources.users.fields.roles"
            disableSort
            render={(record) => <RoleChips record={record} />}
          />
          <Column
            source="secondFactor"
            label="resources.users.fields.second_factor"
            disableSort
            render={(record) => <SecondFactorChip record={record} onOpen={openFactors} />}
          />
          <Column
            source="lastSignIn"
            label="resources.users.fields.last_sign_in"
            render={(record) => <LastSignInField record={record} />}
          />
          <Column
            source="id"
            label="resources.users.fields.id"
            render={(record) => <OneLineText text={String(record.id)} />}
          />
          <Column label="resources.users.list.actions" render={(record) => <EditUserButton record={record} />} />
        </DataTable>
      )}
      <SecondFactorsDialog record={showingFactors} onClose={() => setShowingFactors(null)} />
    </List>
  );
};

export default UserList;
