import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, ListItemIcon, ListItemText, Menu, MenuItem, Stack } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { DialogIconButton } from '../../common/DialogIconButton';
import { useCan } from '../../common/permissions';
import { type FileRecord, previewTypeOf } from '../../dataProviders/files';
import { DownloadButton } from './DownloadButton';
import { FileDeleteDialog } from './FileDeleteDialog';
import { FileEditDialog } from './FileEditDialog';
import { FilePreviewDialog } from './FilePreviewDialog';

type OpenDialog = 'preview' | 'edit' | 'delete' | null;

interface RowAction {
  dialog: Exclude<OpenDialog, null>;
  label: string;
  icon: ReactElement;
  color?: 'error';
}

/** What a row offers besides Download: Preview for images and PDFs, Edit and Delete for files:write. */
function useRowActions(record: FileRecord): RowAction[] {
  const canWrite = useCan('files:write');
  const actions: RowAction[] = [];
  if (previewTypeOf(record.content_type))
    actions.push({ dialog: 'preview', label: 'caredesk.files.row.preview', icon: <VisibilityIcon fontSize="small" /> });
  if (canWrite) {
    actions.push({ dialog: 'edit', label: 'caredesk.files.row.edit', icon: <EditIcon fontSize="small" /> });
    actions.push({
      dialog: 'delete',
      label: 'caredesk.files.row.delete',
      icon: <DeleteIcon fontSize="small" />,
      color: 'error',
    });
  }
  return actions;
}

/** A phone's card has room for two buttons: Download, and the others in a menu. */
const MoreActionsMenu = ({
  record,
  actions,
  onChoose,
}: {
  record: FileRecord;
  actions: RowAction[];
  onChoose: (dialog: OpenDialog) => void;
}) => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!actions.length) return null;
  const choose = (dialog: OpenDialog) => {
    setAnchor(null);
    onChoose(dialog);
  };
  return (
    <>
      <DialogIconButton
        title={`${translate('caredesk.files.row.more')} ${record.name}`}
        size="small"
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </DialogIconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.map((action) => (
          <MenuItem
            key={action.dialog}
            onClick={() => choose(action.dialog)}
            sx={action.color ? { color: `${action.color}.main` } : undefined}
          >
            <ListItemIcon sx={action.color ? { color: 'inherit' } : undefined}>{action.icon}</ListItemIcon>
            <ListItemText>{translate(action.label)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

/** The row's actions as icon buttons; a file without a preview keeps its slot empty, so that the columns of icons line up. */
const ActionButtons = ({
  record,
  actions,
  onChoose,
}: {
  record: FileRecord;
  actions: RowAction[];
  onChoose: (dialog: OpenDialog) => void;
}) => {
  const translate = useTranslate();
  const button = (action: RowAction) => (
    <DialogIconButton
      key={action.dialog}
      title={`${translate(action.label)} ${record.name}`}
      size="small"
      color={action.color}
      onClick={() => onChoose(action.dialog)}
    >
      {action.icon}
    </DialogIconButton>
  );
  const preview = actions.find((action) => action.dialog === 'preview');
  return (
    <>
      {preview ? button(preview) : <Box sx={{ width: 30, flexShrink: 0 }} />}
      <DownloadButton record={record} />
      {actions.filter((action) => action !== preview).map(button)}
    </>
  );
};

/**
 * A file's actions in its row (a desktop's icon buttons) or card (`compact`: Download and a menu), with the dialogs
 * they open: preview, edit, delete.
 */
export const FileRowActions = ({ record, compact = false }: { record: FileRecord; compact?: boolean }) => {
  const actions = useRowActions(record);
  const { selectedIds, onSelect } = useListContext();
  const [open, setOpen] = useState<OpenDialog>(null);
  const close = () => setOpen(null);
  const unselect = () => onSelect(selectedIds.filter((id) => id !== record.id));
  return (
    <Stack direction="row" alignItems="center" spacing={0.25}>
      {compact ? (
        <>
          <DownloadButton record={record} />
          <MoreActionsMenu record={record} actions={actions} onChoose={setOpen} />
        </>
      ) : (
        <ActionButtons record={record} actions={actions} onChoose={setOpen} />
      )}
      {open === 'preview' && <FilePreviewDialog record={record} open onClose={close} />}
      {open === 'edit' && <FileEditDialog record={record} open onClose={close} />}
      {open === 'delete' && (
        <FileDeleteDialog ids={[record.id]} name={record.name} open onClose={close} onDeleted={unselect} />
      )}
    </Stack>
  );
};
