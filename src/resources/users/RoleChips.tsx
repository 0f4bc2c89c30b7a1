import { Stack } from '@mui/material';
import type { UserRecord } from '../../dataProviders/users';
import { RoleChip } from './RoleChip';

/** The roles column of the user list. */
export const RoleChips = ({ record }: { record: UserRecord }) => (
  <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
    {record.roles.map((role) => (
      <RoleChip key={role} role={role} oneLine />
    ))}
  </Stack>
);
