import { CardHeader } from '@mui/material';
import type { ReactNode } from 'react';
import { Create, Edit, SimpleForm, Toolbar, useRecordContext, useTranslate } from 'react-admin';
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
  /** Page titles (app bar and browser tab) naming the thing: the add title's key, the edit title's key (with %{name}) and the name of a loaded record. */
  titles: { add: string; edit: string; nameOf: (record: Record<string, unknown>) => string };
}

const EditorTitle = ({ isEdit }: { isEdit: boolean }) => {
  const translate = useTranslate();
  return (
    <CardHeader
      title={translate(isEdit ? 'caredesk.mail.editor.edit' : 'caredesk.mail.editor.add')}
      sx={{ px: 0, pt: 0 }}
    />
  );
};

/** "Edit mail provider Mailjet": the page title of a loaded record (the bare verb's key's text while it loads). */
const EditPageTitle = ({ titles }: { titles: MailEditorProps['titles'] }) => {
  const translate = useTranslate();
  const record = useRecordContext();
  return (
    <>{record ? translate(titles.edit, { name: titles.nameOf(record) }) : translate('caredesk.mail.editor.edit')}</>
  );
};

/** A problem that the form shows on its fields (react-admin's `body.errors`, e.g. an invalid expression): no banner as well. */
const hasFieldErrors = (error: unknown) =>
  Object.keys((error as { body?: { errors?: object } })?.body?.errors ?? {}).length > 0;

/** A failed load is only logged; the form then stays empty. */
const logLoadError = (error: unknown) => console.error('Cannot load the object', error);

/**
 * The generic editor: a card titled Edit or Add (the page title names the thing: "Add mail provider"). With a uid route parameter it loads the object and submits an
 * update, otherwise a create. On success it says so and goes back (to the list when opened directly); a failure shows
 * 'Cannot save:' plus the problem. Submit is enabled only on a change and when the form is valid (every required field
 * filled), and disabled while saving.
 */
export const MailEditor = ({ resource, listPath, savedMessage, children, actions, titles }: MailEditorProps) => {
  const { uid } = useParams();
  const cannotSave = useCannotSave();
  const onError = (error: unknown) => {
    if (!hasFieldErrors(error)) cannotSave(error);
  };
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
  return isEdit ? (
    <Edit
      key={uid}
      resource={resource}
      id={uid}
      title={<EditPageTitle titles={titles} />}
      actions={false}
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={{ onError: logLoadError }}
      mutationOptions={{ onError }}
    >
      {form}
    </Edit>
  ) : (
    <Create resource={resource} title={titles.add} redirect={false} mutationOptions={{ onError }}>
      {form}
    </Create>
  );
};
