import { Chip, type ChipProps } from '@mui/material';
import { roleColor } from './roles';

/** One role as a chip in the role's colour. */
export const RoleChip = ({ role, sx, ...props }: { role: string } & Omit<ChipProps, 'label'>) => (
  <Chip
    size="small"
    label={role}
    data-role-color={roleColor(role)}
    sx={{ backgroundColor: roleColor(role), color: '#fff', '& .MuiChip-deleteIcon': { color: 'rgba(255,255,255,0.8)' }, ...sx }}
    {...props}
  />
);
