import { Alert, Box, Button, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useGetIdentity, useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../../common/ConfirmDialog';
import { dayOf } from '../../../common/dates/days';
import type { CaredeskDataProvider } from '../../../dataProviders';
import { CARE_REQUEST_RESOURCES } from '../../../dataProviders/careRequests';
import type { CareNote } from '../../../dataProviders/careRequests/workflow';
import { useCareFormat } from '../parts/useCareFormat';
import { isContactErased, refusalReason } from './refusal';

const RESOURCE = CARE_REQUEST_RESOURCES.incoming;
export const notesKey = (uid: string) => ['careRequestNotes', uid];
const t = (key: string) => `caredesk.care_work.notes.${key}`;

type NoteOutcome = { ok: true } | { ok: false; error: unknown };

/** Sends a note's text; on success reloads the notes (and the timeline); a failure is the caller's to say. */
function useNoteAction(uid: string) {
  const queryClient = useQueryClient();
  return async (action: () => Promise<unknown>): Promise<NoteOutcome> => {
    try {
      await action();
    } catch (error) {
      return { ok: false, error };
    }
    await queryClient.invalidateQueries({ queryKey: notesKey(uid) });
    await queryClient.invalidateQueries({ queryKey: ['careRequestActivity', uid] });
    return { ok: true };
  };
}

/** A note's text box: a refused save keeps the text and says why in words, and that it can be sent again. */
const NoteEditor = ({
  label,
  initial,
  onSave,
  onCancel,
}: {
  label: string;
  initial: string;
  onSave: (text: string) => Promise<NoteOutcome>;
  onCancel?: () => void;
}) => {
  const translate = useTranslate();
  const [text, setText] = useState(initial);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    setRefusal(null);
    const outcome = await onSave(text.trim());
    setSaving(false);
    if (outcome.ok) setText('');
    else setRefusal(translate(t('refused'), { reason: refusalReason(outcome.error, translate) }));
  };
  return (
    <Stack spacing={1}>
      <TextField
        label={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 10_000 } }}
      />
      {refusal && (
        <Alert severity="error" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="contained"
          disabled={text.trim() === ''}
          loading={saving}
          onClick={() => void save()}
        >
          {translate(onCancel ? t('save') : t('add'))}
        </Button>
        {onCancel && (
          <Button size="small" onClick={onCancel}>
            {translate(t('cancel'))}
          </Button>
        )}
      </Stack>
    </Stack>
  );
};

/** Where no note can be written: the customer's contact data, and the notes with it, were erased. */
const NotesClosed = ({ erasedAt, unsaved }: { erasedAt: number | null; unsaved: boolean }) => {
  const format = useCareFormat();
  const { translate } = format;
  const reason =
    erasedAt === null
      ? translate(t('closed_erased'))
      : translate(t('closed_erased_on'), { date: format.date(dayOf(new Date(erasedAt * 1000))) });
  return (
    <Typography variant="body2" color="text.secondary" role="status" data-testid="notes-closed">
      {unsaved ? `${reason} ${translate(t('not_saved_erased'))}` : reason}
    </Typography>
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
    const outcome = await act(() => dataProvider.editNote(RESOURCE, { id: uid, noteUid: note.uid, text }));
    if (outcome.ok) setEditing(false);
    return outcome;
  };
  return (
    <ListItem disableGutters sx={{ display: 'block' }}>
      <Typography variant="caption" color="text.secondary">
        {translate(t('by'), { name: note.author.public_name, time: format.dateTime(note.created) })}
        {note.edited !== null && ` · ${translate(t('edited'))}`}
      </Typography>
      {editing ? (
        <NoteEditor
          label={translate(t('edit_label'))}
          initial={note.text}
          onSave={save}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {note.text}
        </Typography>
      )}
      {editable && !editing && (
        <Box>
          <Button size="small" onClick={() => setEditing(true)}>
            {translate(t('edit'))}
          </Button>
          <Button size="small" color="error" onClick={() => setDeleting(true)}>
            {translate(t('delete'))}
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={t('delete_title')}
        message={t('delete_text')}
        confirmLabel={t('delete')}
        onConfirm={() => dataProvider.deleteNote(RESOURCE, { id: uid, noteUid: note.uid })}
        onConfirmed={() => void act(() => Promise.resolve())}
      />
    </ListItem>
  );
};

/**
 * A request's notes, newest first: add (care:work), and edit or delete one's own within its 24 hours. Where the customer's
 * contact data was erased (`contactErased`, or the service says so when a note is sent) there is no box but the reason.
 */
export const NotesSection = ({
  uid,
  canWork,
  contactErased,
}: {
  uid: string;
  canWork: boolean;
  contactErased?: number | null;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const queryClient = useQueryClient();
  const { identity } = useGetIdentity();
  const act = useNoteAction(uid);
  const [refusedAsErased, setRefusedAsErased] = useState(false);
  const { data: notes = [] } = useQuery({
    queryKey: notesKey(uid),
    queryFn: async () => (await dataProvider.getNotes(RESOURCE, { id: uid })).data,
  });
  const add = async (text: string): Promise<NoteOutcome> => {
    const outcome = await act(() => dataProvider.addNote(RESOURCE, { id: uid, text }));
    if (outcome.ok || !isContactErased(outcome.error)) return outcome;
    // the text is dropped with the box: the customer asked for their data to go, and a note may hold it
    setRefusedAsErased(true);
    void queryClient.invalidateQueries({ queryKey: notesKey(uid) });
    return { ok: true };
  };
  const erased = (contactErased ?? null) !== null || refusedAsErased;
  return (
    <Stack spacing={1} component="section" aria-labelledby={`notes-${uid}`}>
      <Typography variant="subtitle1" component="h3" id={`notes-${uid}`}>
        {translate(t('title'))}
      </Typography>
      {canWork &&
        (erased ? (
          <NotesClosed erasedAt={contactErased ?? null} unsaved={refusedAsErased} />
        ) : (
          <NoteEditor label={translate(t('new_label'))} initial="" onSave={add} />
        ))}
      {notes.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate(t('empty'))}
        </Typography>
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
