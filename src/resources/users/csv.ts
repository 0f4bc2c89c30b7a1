import { type CsvColumn, isoSeconds } from '../../common/export/csv';
import type { UserRecord } from '../../dataProviders/users';
import { secondFactorStateKey } from './SecondFactorChip';
import { signInKey } from './SignInChip';

const t = (key: string) => `resources.users.${key}`;

/** The users' export: what the list shows plus the ban and lock state; a user record holds no password or token. */
export const USER_CSV_COLUMNS: CsvColumn<UserRecord>[] = [
  { header: t('fields.id'), cell: (user) => user.id },
  { header: t('list.name'), cell: (user) => user.publicName },
  { header: t('fields.username'), cell: (user) => user.username ?? '' },
  { header: t('fields.sign_in'), cell: (user, translate) => translate(signInKey(user)) },
  { header: t('fields.roles'), cell: (user) => user.roles.join('; ') },
  { header: t('fields.last_sign_in'), cell: (user) => isoSeconds(user.lastSignIn) },
  {
    header: t('list.banned'),
    cell: (user, translate) => translate(user.banned ? 'ra.boolean.true' : 'ra.boolean.false'),
  },
  {
    header: t('list.locked'),
    cell: (user, translate) => translate(user.locked ? 'ra.boolean.true' : 'ra.boolean.false'),
  },
  { header: t('fields.second_factor'), cell: (user, translate) => translate(secondFactorStateKey(user.secondFactor)) },
];
