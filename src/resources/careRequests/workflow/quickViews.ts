import { OPEN_CARE_STATUSES } from '../../../../contracts/care-workflow';
import { carePaths } from '../parts/paths';
import { today } from './parts';

const OPEN = OPEN_CARE_STATUSES.join(',');

/** The incoming list's quick views as list filters (status as the URL keeps it: comma-separated). */
export const quickViewFilters = {
  mine: () => ({ status: OPEN, assignee: 'me' }),
  unassigned: () => ({ status: OPEN, assignee: 'none' }),
  due: () => ({ status: OPEN, follow_up: { to: today() } }),
  unassigned_new: () => ({ status: 'new', assignee: 'none' }),
};
export type QuickView = keyof typeof quickViewFilters;

/** The link to the incoming list showing a quick view (the dashboard's cards). */
export function quickViewLink(view: QuickView): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(quickViewFilters[view]())) {
    if (typeof value === 'string') query.set(key, value);
    else for (const [field, day] of Object.entries(value)) query.set(`${key}__${field}`, day);
  }
  return `${carePaths.incoming}?${query.toString()}`;
}
