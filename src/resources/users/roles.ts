import { blue, deepPurple, green, indigo, orange, red } from '@mui/material/colors';
import { getContrastRatio } from '@mui/material/styles';

/** The known roles, offered by the roles input's typeahead (free text is allowed as well). */
export const KNOWN_ROLES = ['administrator', 'recruiter', 'caregiver', 'ceo', 'dispatcher'] as const;

/**
 * Chip colours: administrator red, recruiter green, caregiver blue, ceo deep purple, dispatcher orange, others indigo;
 * shades whose label reaches 4.5:1 contrast (white on all but orange, which keeps its shade with dark text).
 */
const ROLE_COLORS: Record<(typeof KNOWN_ROLES)[number], string> = {
  administrator: red[700],
  recruiter: green[800],
  caregiver: blue[700],
  ceo: deepPurple[500],
  dispatcher: orange[800],
};

const UNKNOWN_ROLE_COLOR = indigo[500];

export function roleColor(role: string): string {
  return (ROLE_COLORS as Record<string, string>)[role.trim().toLowerCase()] ?? UNKNOWN_ROLE_COLOR;
}

/** WCAG AA asks 4.5:1 for the chips' small text. */
const AA_CONTRAST = 4.5;

/** White on a background where white reaches AA contrast, otherwise near-black (e.g. on orange). */
export function readableTextOn(background: string): { text: string; icon: string } {
  return getContrastRatio(background, '#fff') >= AA_CONTRAST
    ? { text: '#fff', icon: 'rgba(255,255,255,0.8)' }
    : { text: 'rgba(0,0,0,0.87)', icon: 'rgba(0,0,0,0.6)' };
}
