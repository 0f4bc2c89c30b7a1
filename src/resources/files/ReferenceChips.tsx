import { Chip, Stack, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FileReference } from '../../dataProviders/files';
import { groupReferences, REFERENCE_KINDS } from './format';

/** As many kinds as keep the column narrow enough for a 1280 px table in German. */
const SHOWN_KINDS = 2;

/**
 * One chip per reference kind (Legacy prefix ignored), with the count when there is more than one of a kind; beyond two
 * kinds, one "+N" chip names the others on hover and on keyboard focus.
 */
export const ReferenceChips = ({ references }: { references: readonly FileReference[] }) => {
  const translate = useTranslate();
  const groups = groupReferences(references).map(({ kind, count }) => {
    const label = (REFERENCE_KINDS as readonly string[]).includes(kind)
      ? translate(`caredesk.files.reference_kinds.${kind}`)
      : kind;
    return { kind, text: count > 1 ? `${label} (${count})` : label };
  });
  if (!groups.length) return null;
  const others = groups.slice(SHOWN_KINDS);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="nowrap">
      {groups.slice(0, SHOWN_KINDS).map(({ kind, text }) => (
        <Chip key={kind} size="small" label={text} data-testid={`reference-chip-${kind}`} />
      ))}
      {others.length > 0 && (
        <Tooltip title={others.map(({ text }) => text).join(', ')}>
          <Chip
            size="small"
            variant="outlined"
            label={`+${others.length}`}
            tabIndex={0}
            data-testid="reference-chip-more"
          />
        </Tooltip>
      )}
    </Stack>
  );
};
