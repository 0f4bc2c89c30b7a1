import { blue, deepPurple, green, indigo, orange, red } from '@mui/material/colors';

/** The known roles, offered by the roles input's typeahead (free text is allowed as well). */
export const KNOWN_ROLES = ['administrator', 'recruiter', 'caregiver', 'ceo', 'dispatcher'] as const;

/** Chip colours: administrator red, recruiter green, caregiver blue, ceo deep purple, dispatcher orange, others indigo. */
export const ROLE_COLORS: Record<(typeof KNOWN_ROLES)[number], string> = {
  administrator: red[700],
  recruiter: green[700],
  caregiver: blue[700],
  ceo: deepPurple[500],
  dispatcher: orange[800],
};

export const UNKNOWN_ROLE_COLOR = indigo[500];

export function roleColor(role: string): string {
  return (ROLE_COLORS as Record<string, string>)[role.trim().toLowerCase()] ?? UNKNOWN_ROLE_COLOR;
}
