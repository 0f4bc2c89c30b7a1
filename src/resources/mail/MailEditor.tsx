import { CardHeader } from '@mui/material';
import type { ReactNode } from 'react';
import { Create, Edit, SimpleForm, Toolbar, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { SubmitButton } from '../../common/SubmitButton';
import { useCannotSave } from '../../common/useCannotSave';
import type { MailResource } from '../../dataProviders/mail';
import { useGoBack } from './useGoBack';

export interface MailEditorProps {
  resource: MailResource;
  /** Where to go after saving when there is no history entry to go back to. */
  listPath: string;
  /** Form inputs; `actions` are shown under the form (e.g. the test-mail button of an existing account). */
  children: ReactNode;
  actions?: ReactNode;
}

const EditorTitle = ({ isEdit }: { isEdit: boolean }) => {
  const translate = useTranslate();
  return <CardHeader title={translate(isEdit ? 'caredesk.mail.editor.edit' : 'caredesk.mail.editor.add')} sx={{ px: 0, pt: 0 }} />;
};

/** A failed load is only logged; the form then stays empty. */
const logLoadError = (error: unknown) => console.error('Cannot load the object', error);

/**
 * The generic editor: a card titled Edit or Add. With a uid route parameter it loads the object and submits an
 * update, otherwise a create. On success it goes back; a failure shows 'Cannot save:' plus the problem.
 * Submit is enabled only on a change and when the form is valid (every required field filled).
 */
export const MailEditor = ({ resource, listPath, children, actions }: MailEditorProps) => {
  const { uid } = useParams();
  const onError = useCannotSave();
  const goBack = useGoBack(listPath);
  const isEdit = uid !== undefined && uid !== '';
  const form = (
    <SimpleForm
      mode="onChange"
      toolbar={
        <Toolbar>
          <SubmitButton requireValid />
          {actions}
        </Toolbar>
      }
    >
      <EditorTitle isEdit={isEdit} />
      {children}
    </SimpleForm>
  );
  const title = isEdit ? 'caredesk.mail.editor.edit' : 'caredesk.mail.editor.add';
  return isEdit ? (
    <Edit
      key={uid}
      resource={resource}
      id={uid}
      title={title}
      actions={false}
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={{ onError: logLoadError }}
      mutationOptions={{ onSuccess: goBack, onError }}
    >
      {form}
    </Edit>
  ) : (
    <Create resource={resource} title={title} redirect={false} mutationOptions={{ onSuccess: goBack, onError }}>
      {form}
    </Create>
  );
};
