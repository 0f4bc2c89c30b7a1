import { CardHeader } from '@mui/material';
import type { ReactNode } from 'react';
import { Create, Edit, SimpleForm, Toolbar, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { EditorSave } from '../../common/EditorSave';
import { SubmitButton } from '../../common/SubmitButton';
import { useCannotSave } from '../../common/useCannotSave';
import type { MailResource } from '../../dataProviders/mail';

interface MailEditorProps {
  resource: MailResource;
  /** Where to go after saving when there is no earlier page to go back to. */
  listPath: string;
  /** Translation key of the notification after a successful save. */
  savedMessage: string;
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
 * update, otherwise a create. On success it says so and goes back (to the list when opened directly); a failure shows
 * 'Cannot save:' plus the problem. Submit is enabled only on a change and when the form is valid (every required field
 * filled), and disabled while saving.
 */
export const MailEditor = ({ resource, listPath, savedMessage, children, actions }: MailEditorProps) => {
  const { uid } = useParams();
  const onError = useCannotSave();
  const isEdit = uid !== undefined && uid !== '';
  const form = (
    <EditorSave listPath={listPath} savedMessage={savedMessage}>
      <SimpleForm
        mode="onChange"
        toolbar={
          <Toolbar sx={{ gap: 2 }}>
            <SubmitButton requireValid />
            {actions}
          </Toolbar>
        }
      >
        <EditorTitle isEdit={isEdit} />
        {children}
      </SimpleForm>
    </EditorSave>
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
      mutationOptions={{ onError }}
    >
      {form}
    </Edit>
  ) : (
    <Create resource={resource} title={title} redirect={false} mutationOptions={{ onError }}>
      {form}
    </Create>
  );
};
