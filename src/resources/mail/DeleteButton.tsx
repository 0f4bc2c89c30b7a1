import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Button, type RaRecord, useDataProvider, useRecordContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { IfCan } from '../../common/permissions';
import type { MailResource } from '../../dataProviders/mail';

interface DeleteButtonProps {
  resource: MailResource;
  /** The list the editor goes back to once the object is gone. */
  listPath: string;
  /** Translation keys of the dialog: its title, its question (with %{name}) and the notification after deleting. */
  texts: { title: string; message: string; deleted: string };
  /** The name the question uses for the record (a provider's name, an account's expression). */
  nameOf: (record: RaRecord) => string;
}

/**
 * The editor's Delete (mail:manage; only for a stored object): asks first, deletes for good, then goes to the list. A refusal
 * stays in the dialog in the service's words (a provider still in use says how many accounts use it).
 */
export const DeleteButton = ({ resource, listPath, texts, nameOf }: DeleteButtonProps) => {
  const record = useRecordContext();
  const dataProvider = useDataProvider();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  if (!record?.id) return null;
  return (
    <IfCan permission="mail:manage">
      <Button label="caredesk.mail.editor.delete" color="error" onClick={() => setOpen(true)}>
        <DeleteIcon />
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={texts.title}
        message={texts.message}
        messageArgs={{ name: nameOf(record) }}
        confirmLabel="caredesk.mail.editor.delete"
        successMessage={texts.deleted}
        onConfirm={() => dataProvider.delete(resource, { id: record.id, previousData: record })}
        onConfirmed={() => navigate(listPath)}
      />
    </IfCan>
  );
};
