import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { type Identifier, useListContext } from 'react-admin';
import { ToolbarButton } from '../../common/ToolbarButton';
import type { FileRecord } from '../../dataProviders/files';
import { FileDeleteDialog } from './FileDeleteDialog';

/**
 * The bulk action of the file table: deletes the selected files after asking, then clears the selection. The question
 * keeps the files selected when it opened (the cleared selection would otherwise retitle it while it closes).
 */
export const DeleteSelectedFilesButton = () => {
  const { selectedIds, onUnselectItems } = useListContext<FileRecord>();
  const [open, setOpen] = useState(false);
  const [ids, setIds] = useState<Identifier[]>([]);
  const ask = () => {
    setIds([...selectedIds]);
    setOpen(true);
  };
  return (
    <>
      <ToolbarButton
        label="caredesk.files.delete.selected"
        color="error"
        onClick={ask}
        disabled={selectedIds.length === 0}
      >
        <DeleteIcon />
      </ToolbarButton>
      <FileDeleteDialog open={open} ids={ids} onClose={() => setOpen(false)} onDeleted={() => onUnselectItems()} />
    </>
  );
};
