import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { WRAPPING_SELECT } from '../../common/wrappingSelect';
import type { FileReference } from '../../dataProviders/files';
import { MAX_REFERENCES, REFERENCE_NAMES, referenceValueValid } from './fileEditRules';

/** A reference being edited; `key` keeps each row's inputs in place when one above is removed. */
export type EditedReference = FileReference & { key: number };

interface ReferencesEditorProps {
  references: EditedReference[];
  onChange: (references: EditedReference[]) => void;
  /** Show the rule under a value left empty (after a save attempt or once touched). */
  showErrors: boolean;
  disabled: boolean;
}

/** Kind and value side by side with the remove button; on a phone the value takes its own line under them. */
const ROW_LAYOUT = {
  display: 'grid',
  gap: 1,
  alignItems: 'start',
  gridTemplateAreas: { xs: '"kind remove" "value value"', sm: '"kind value remove"' },
  // room for the longest kind ("Dienstleistungsvertrag (alt)"); a longer one wraps inside its field rather than being cut
  gridTemplateColumns: { xs: '1fr auto', sm: '270px 1fr auto' },
  ...WRAPPING_SELECT,
} as const;

let nextKey = 0;
export const withKeys = (references: FileReference[]): EditedReference[] =>
  references.map((reference) => ({ ...reference, key: nextKey++ }));

const useNameLabel = () => {
  const translate = useTranslate();
  return (name: string) => {
    const kind = name.replace(/^Legacy/, '');
    const label = translate(`caredesk.files.reference_kinds.${kind}`, { _: kind });
    return name.startsWith('Legacy') ? translate('caredesk.files.edit.legacy', { kind: label }) : label;
  };
};

/** A file's references as a list to edit: each kind (also Legacy) and value, added and removed. */
export const ReferencesEditor = ({ references, onChange, showErrors, disabled }: ReferencesEditorProps) => {
  const translate = useTranslate();
  const nameLabel = useNameLabel();
  const change = (key: number, update: Partial<FileReference>) =>
    onChange(references.map((reference) => (reference.key === key ? { ...reference, ...update } : reference)));
  const remove = (key: number) => onChange(references.filter((reference) => reference.key !== key));
  const add = () => onChange([...references, { name: 'Customer', value: '', key: nextKey++ }]);

  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {translate('caredesk.files.edit.references')}
      </Typography>
      {references.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('caredesk.files.edit.no_references')}
        </Typography>
      )}
      {references.map((reference, index) => {
        const number = index + 1;
        const invalid = showErrors && !referenceValueValid(reference.value);
        const removeLabel = translate('caredesk.files.edit.remove_reference', { number });
        return (
          <Box key={reference.key} sx={ROW_LAYOUT} data-testid="reference-row">
            <TextField
              select
              size="small"
              sx={{ gridArea: 'kind' }}
              label={`${translate('caredesk.files.edit.kind')} ${number}`}
              value={reference.name}
              onChange={(event) => change(reference.key, { name: event.target.value })}
              disabled={disabled}
            >
              {REFERENCE_NAMES.map((name) => (
                <MenuItem key={name} value={name}>
                  {nameLabel(name)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              sx={{ gridArea: 'value' }}
              label={`${translate('caredesk.files.edit.value')} ${number}`}
              value={reference.value}
              required
              onChange={(event) => change(reference.key, { value: event.target.value })}
              error={invalid}
              helperText={invalid ? translate('caredesk.files.edit.value_rule') : undefined}
              disabled={disabled}
            />
            <Tooltip title={removeLabel}>
              <span style={{ gridArea: 'remove' }}>
                <IconButton aria-label={removeLabel} onClick={() => remove(reference.key)} disabled={disabled}>
                  <DeleteOutlineIcon />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        );
      })}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={add}
          disabled={disabled || references.length >= MAX_REFERENCES}
        >
          {translate('caredesk.files.edit.add_reference')}
        </Button>
        {references.length >= MAX_REFERENCES && (
          <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {translate('caredesk.files.edit.too_many')}
          </Typography>
        )}
      </Box>
    </Stack>
  );
};
