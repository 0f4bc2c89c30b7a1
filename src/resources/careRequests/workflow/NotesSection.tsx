import { Box, Button, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../../common/ConfirmDialog';
import type { CaredeskDataProvider } from '../../../dataProviders';
import { CARE_REQUEST_RESOURCES } from '../../../dataProviders/careRequests';
import type { CareNote } from '../../../dataProviders/careRequests/workflow';
import { describeError } from '../../../dataProviders/problem';
import { useCareFormat } from '../parts/useCareFormat';

const RESOURCE = CARE_REQUEST_RESOURCES.incoming;
export const notesKey = (uid: string) => ['careRequestNotes', uid];
const t = (key: string) => `caredesk.care_work.notes.${key}`;

/** Sends a note's text; on success reloads the notes (and the timeline), on failure says why. */
function useNoteAction(uid: string) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  return async (action: () => Promise<unknown>) => {
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: notesKey(uid) });
      await queryClient.invalidateQueries({ queryKey: ['careRequestActivity', uid] });
      return true;
    } catch (error) {
      notify(describeError(error, translate), { type: 'error' });
      return false;
    }
  };
}

const NoteEditor = ({ label, initial, onSave, onCancel }: { label: string; initial: string; onSave: (text: string) => Promise<boolean>; onCancel?: () => void }) => {
  const translate = useTranslate();
  const [text, setText] = useState(initial);
  const save = async () => {
    if (await onSave(text.trim())) setText('');
  };
  return (
    <Stack spacing={1}>
      <TextField label={label} value={text} onChange={(event) => setText(event.target.value)} multiline minRows={2} fullWidth slotProps={{ htmlInput: { maxLength: 10_000 } }} />
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="contained" disabled={text.trim() === ''} onClick={() => void save()}>
          {translate(onCancel ? t('save') : t('add'))}
        </Button>
        {onCancel && <Button size="small" onClick={onCancel}>{translate(t('cancel'))}</Button>}
      </Stack>
    </Stack>
  );
};

const NoteItem = ({ uid, note, mine }: { uid: string; note: CareNote; mine: boolean }) => {
  const format = useCareFormat();
  const { translate } = format;
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const act = useNoteAction(uid);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const editable = mine && note.editable_until * 1000 > Date.now();
  const save = async (text: string) => {
    const saved = await act(() => dataProvider.editNote(RESOURCE, { id: uid, noteUid: note.uid, text }));
    if (saved) setEditing(false);
    return saved;
  };
  return (
    <ListItem disableGutters sx={{ display: 'block' }}>
      <Typography variant="caption" color="text.secondary">
        {translate(t('by'), { name: note.author.public_name, time: format.dateTime(note.created) })}
        {note.edited !== null && ` · ${translate(t('edited'))}`}
      </Typography>
      {editing ? (
        <NoteEditor label={translate(t('edit_label'))} initial={note.text} onSave={save} onCancel={() => setEditing(false)} />
      ) : (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.text}</Typography>
      )}
      {editable && !editing && (
        <Box>
          <Button size="small" onClick={() => setEditing(true)}>{translate(t('edit'))}</Button>
          <Button size="small" color="error" onClick={() => setDeleting(true)}>{translate(t('delete'))}</Button>
        </Box>
      )}
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={t('delete_title')}
        message={t('delete_text')}
        confirmLabel={t('delete')}
        onConfirm={() => dataProvider.deleteNote(RESOURCE, { id: uid, noteUid: note.uid })}
        onConfirmed={() => void act(async () => undefined)}
      />
    </ListItem>
  );
};

/** A request's notes, newest first: add (care:work), and edit or delete one's own within its 24 hours. */
export const NotesSection = ({ uid, canWork }: { uid: string; canWork: boolean }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const { identity } = useGetIdentity();
  const act = useNoteAction(uid);
  const { data: notes = [] } = useQuery({ queryKey: notesKey(uid), queryFn: async () => (await dataProvider.getNotes(RESOURCE, { id: uid })).data });
  return (
    <Stack spacing={1} component="section" aria-labelledby={`notes-${uid}`}>
      <Typography variant="subtitle1" component="h3" id={`notes-${uid}`}>{translate(t('title'))}</Typography>
      {canWork && <NoteEditor label={translate(t('new_label'))} initial="" onSave={(text) => act(() => dataProvider.addNote(RESOURCE, { id: uid, text }))} />}
      {notes.length === 0 ? (
        <Typography variant="body2" color="text.secondary">{translate(t('empty'))}</Typography>
      ) : (
        <List dense disablePadding>
          {notes.map((note) => (
            <NoteItem key={note.uid} uid={uid} note={note} mine={canWork && note.author.uid === identity?.id} />
          ))}
        </List>
      )}
    </Stack>
  );
};
