import { Chip, type ChipProps } from '@mui/material';
import { readableTextOn, roleColor } from './roles';

/** One role as a chip in the role's colour, its label in a colour readable on it. */
export const RoleChip = ({ role, sx, ...props }: { role: string } & Omit<ChipProps, 'label'>) => {
  const background = roleColor(role);
  const readable = readableTextOn(background);
  return (
    <Chip
      size="small"
      label={role}
      data-role-color={background}
      sx={{ backgroundColor: background, color: readable.text, '& .MuiChip-deleteIcon': { color: readable.icon }, ...sx }}
      {...props}
    />
  );
};
