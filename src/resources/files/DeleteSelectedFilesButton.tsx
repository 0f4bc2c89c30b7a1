import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { useListContext } from 'react-admin';
import { ToolbarButton } from '../../common/ToolbarButton';
import { FileDeleteDialog } from './FileDeleteDialog';

/** The bulk action of the file table: deletes the selected files after asking, then clears the selection. */
export const DeleteSelectedFilesButton = () => {
  const { selectedIds, onUnselectItems } = useListContext();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <ToolbarButton label="caredesk.files.delete.selected" color="error" onClick={() => setAsking(true)} disabled={selectedIds.length === 0}>
        <DeleteIcon />
      </ToolbarButton>
      <FileDeleteDialog open={asking} ids={selectedIds} onClose={() => setAsking(false)} onDeleted={() => onUnselectItems()} />
    </>
  );
};
