import { Create, PasswordInput, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { EditorSave } from '../../common/EditorSave';
import { SubmitButton } from '../../common/SubmitButton';
import { useCannotSave } from '../../common/useCannotSave';
import { usersPaths } from './paths';
import { RolesInput } from './RolesInput';
import { confirmationValidators, nameValidators, newPasswordValidators, usernameValidators } from './validators';

/**
 * /users/create/: public name, username, password and confirmation, and the roles as the edit form offers them (none is
 * fine: the create call takes them, possibly empty). After success it says so and goes back (the list it
 * was opened from, or /users/ when opened directly).
 */
const UserCreate = () => {
  const onError = useCannotSave();
  return (
    <Create title="resources.users.create.title" redirect={false} mutationOptions={{ onError }}>
      <EditorSave listPath={usersPaths.list} savedMessage="resources.users.messages.created">
        <SimpleForm
          toolbar={
            <Toolbar>
              <SubmitButton alwaysEnable />
            </Toolbar>
          }
        >
          <TextInput source="publicName" validate={nameValidators} autoFocus />
          <TextInput source="username" validate={usernameValidators} autoComplete="off" />
          <PasswordInput source="password" validate={newPasswordValidators} autoComplete="new-password" />
          <PasswordInput source="confirmation" validate={confirmationValidators} autoComplete="new-password" />
          <RolesInput source="roles" />
        </SimpleForm>
      </EditorSave>
    </Create>
  );
};

export default UserCreate;
