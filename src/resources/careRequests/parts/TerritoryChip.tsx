import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TERRITORY_COLORS } from '../../../common/territoryColors';

export interface TerritoryChipProps {
  core_territory: boolean;
  optional_territory: boolean;
  partialZipCode: string | null | undefined;
}

export type Territory = { kind: 'core' | 'optional' | 'zip' | 'unknown'; color?: string };

/** Core Territory before Optional Territory (in their colours of TERRITORY_COLORS), else the partial zip code, else Unknown; white text reaches 4.5:1 on both. */
export function territoryOf({ core_territory, optional_territory, partialZipCode }: TerritoryChipProps): Territory {
  if (core_territory) return { kind: 'core', color: TERRITORY_COLORS.core };
  if (optional_territory) return { kind: 'optional', color: TERRITORY_COLORS.optional };
  if (partialZipCode) return { kind: 'zip' };
  return { kind: 'unknown' };
}

export const TerritoryChip = (props: TerritoryChipProps) => {
  const translate = useTranslate();
  const territory = territoryOf(props);
  const label =
    territory.kind === 'zip' ? props.partialZipCode! : translate(`caredesk.care.incoming.territory.${territory.kind}`);
  return (
    <Chip
      size="small"
      label={label}
      data-territory={territory.kind}
      data-territory-color={territory.color ?? ''}
      variant={territory.color ? 'filled' : 'outlined'}
      sx={territory.color ? { bgcolor: territory.color, color: '#fff' } : undefined}
    />
  );
};
