import { Create, PasswordInput, SimpleForm, TextInput, Toolbar } from 'react-admin';
import { SubmitButton } from '../../common/SubmitButton';
import { useCannotSave } from '../../common/useCannotSave';
import { usersPaths } from './paths';
import { confirmationValidators, nameValidators, newPasswordValidators, usernameValidators } from './validators';

/** /users/create/: public name, username, password and confirmation; after success back to /users/. */
const UserCreate = () => {
  const onError = useCannotSave();
  return (
    <Create title="resources.users.create.title" redirect={() => usersPaths.list} mutationOptions={{ onError }}>
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
      </SimpleForm>
    </Create>
  );
};

export default UserCreate;
