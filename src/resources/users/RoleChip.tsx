import { Chip, type ChipProps } from '@mui/material';
import { OneLineText } from '../../common/OneLineText';
import { readableTextOn, roleColor } from './roles';

/**
 * One role as a chip in the role's colour, its label in a colour readable on it; `oneLine` (a list's column) cuts a label
 * wider than the column with an ellipsis and shows the whole role on hover and focus.
 */
export const RoleChip = ({
  role,
  oneLine = false,
  sx,
  ...props
}: { role: string; oneLine?: boolean } & Omit<ChipProps, 'label'>) => {
  const background = roleColor(role);
  const readable = readableTextOn(background);
  return (
    <Chip
      size="small"
      label={oneLine ? <OneLineText text={role} /> : role}
      data-role-color={background}
      sx={{
        backgroundColor: background,
        color: readable.text,
        '& .MuiChip-deleteIcon': { color: readable.icon },
        ...sx,
      }}
      {...props}
    />
  );
};
