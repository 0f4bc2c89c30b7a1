import { useState } from 'react';
import {
  Edit,
  TabbedForm,
  TabbedFormTabs,
  TextInput,
  Toolbar,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { UserRecord } from '../../dataProviders/users';
import { EditorSave } from '../../common/EditorSave';
import { SubmitButton } from '../../common/SubmitButton';
import { useCannotSave } from '../../common/useCannotSave';
import { AuthenticationInputs } from './AuthenticationInputs';
import { usersPaths } from './paths';
import { RolesInput } from './RolesInput';
import { RecordActionButtons } from './UserActionButtons';
import { UserEditTitle } from './UserEditTitle';
import { useProviderNameOf, UserProviderLink } from './UserProviderLink';
import { UserSecondFactors } from './UserSecondFactors';
import { UserSessions } from './UserSessions';
import { nameValidators, requiredRoles } from './validators';

/** Password fields start empty (null, like a cleared react-admin input) so that they do not count as a change. */
const formDefaults = { password: null, confirmation: null };

const actions = (
  <TopToolbar sx={{ flexWrap: 'wrap' }}>
    <RecordActionButtons />
  </TopToolbar>
);

const tabsSx = { '& .MuiTab-root': { minWidth: 0, px: 1, hyphens: 'auto', overflowWrap: 'anywhere' } } as const;

/** The Sessions and Second factor tabs act at once (Revoke, Reset): they have nothing to save, so the form's toolbar is not shown there. */
const TABS_WITHOUT_SAVING = [2, 3];

const toolbar = (
  <Toolbar>
    <SubmitButton requireValid />
  </Toolbar>
);

/**
 * The roles, read-only with the reason where the provider sets them at every sign-in and refresh (docs/api.md, Sign-in through the
 * provider): a change here would not last, and the service refuses it.
 */
const UserRolesInput = () => {
  const translate = useTranslate();
  const record = useRecordContext<UserRecord>();
  const provider = useProviderNameOf(record);
  if (!record?.providerLink?.roles_managed) return <RolesInput source="roles" validate={requiredRoles} />;
  return (
    <RolesInput
      source="roles"
      readOnly
      helperText={translate('resources.users.provider_link.roles_managed', { provider })}
    />
  );
};

/**
 * /users/{userId}/: Revoke Tokens, Ban or Unban, and Unlock above the form (UserActionButtons); tabs 'Name and roles', 'Authentication'
 * (with a linked user's account at the provider and Unlink), 'Sessions' (the active sessions, each revocable) and 'Second factor'
 * (the user's factors, Reset). Submit is enabled only when something changed and
 * the form is valid; the users data provider decides which of the two PUT calls are needed. After success it says so and
 * goes back (to /users/ when opened directly).
 */
const UserEdit = () => {
  const onError = useCannotSave();
  const [tab, setTab] = useState(0);
  // the tabs share the width; a name wider than its share (German on a phone) is hyphenated in the page's language, or broken where it must
  const tabs = (
    <TabbedFormTabs variant="fullWidth" sx={tabsSx} onChange={(_event: unknown, value: number) => setTab(value)} />
  );
  return (
    <Edit
      title={<UserEditTitle />}
      actions={actions}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{ onError }}
    >
      <EditorSave listPath={usersPaths.list} savedMessage="resources.users.messages.saved">
        <TabbedForm
          syncWithLocation={false}
          tabs={tabs}
          mode="onChange"
          defaultValues={formDefaults}
          toolbar={TABS_WITHOUT_SAVING.includes(tab) ? false : toolbar}
        >
          <TabbedForm.Tab label="resources.users.edit.name_and_roles">
            <TextInput source="publicName" validate={nameValidators} />
            <UserRolesInput />
          </TabbedForm.Tab>
          <TabbedForm.Tab label="resources.users.edit.authentication">
            <UserProviderLink />
            <AuthenticationInputs />
          </TabbedForm.Tab>
          <TabbedForm.Tab label="resources.users.edit.sessions">
            <UserSessions />
          </TabbedForm.Tab>
          <TabbedForm.Tab label="resources.users.second_factor.tab">
            <UserSecondFactors />
          </TabbedForm.Tab>
        </TabbedForm>
      </EditorSave>
    </Edit>
  );
};

export default UserEdit;
