import { Chip, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FileReference } from '../../dataProviders/files';
import { groupReferences, REFERENCE_KINDS } from './format';

/** One chip per reference kind (Legacy prefix ignored), with the count when there is more than one of a kind. */
export const ReferenceChips = ({ references }: { references: readonly FileReference[] }) => {
  const translate = useTranslate();
  const groups = groupReferences(references);
  if (!groups.length) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="nowrap">
      {groups.map(({ kind, count }) => {
        const label = (REFERENCE_KINDS as readonly string[]).includes(kind) ? translate(`caredesk.files.reference_kinds.${kind}`) : kind;
        return <Chip key={kind} size="small" label={count > 1 ? `${label} (${count})` : label} data-testid={`reference-chip-${kind}`} />;
      })}
    </Stack>
  );
};
