import type { Static } from '@sinclair/typebox';
import type {
  PanelUserPage,
  PanelUserResponse,
  ProviderLinkResponse,
  Session,
  UserSearch,
  UserSortKey,
} from '../../../contracts/auth';
import type { SecondFactorResponse, SecondFactorState } from '../../../contracts/second-factors';

export const ADMIN_UID = '11111111-1111-4111-8111-111111111111';
export const RECRUITER_UID = '22222222-2222-4222-8222-222222222222';
export const CAREGIVER_UID = '33333333-3333-4333-8333-333333333333';

export interface FakeUser {
  uid: string;
  public_name: string;
  roles: string[];
  banned: boolean;
  username: string | null;
  password: string | null;
  /** Sign-in throttled under the username. */
  locked?: boolean;
  last_sign_in?: number | null;
  /** Confirmed second factors (fakeSecondFactors.ts). */
  factors?: SecondFactorResponse[];
  /** Unused recovery codes. */
  recoveryCodes?: string[];
  /** The user's roles require a second factor. */
  secondFactorRequired?: boolean;
  /** Epoch seconds: required but missing, sign-in allowed until then. */
  graceUntil?: number | null;
  /** The grace period is over: every session may only enroll. */
  enrollmentOnly?: boolean;
  /** Linked to the configured OpenID Connect provider: signs in there (fakeProviderSignIn.ts). */
  providerLink?: ProviderLinkResponse;
  /** ADMIN_USERNAME's user: keeps the password although linked. */
  firstAdministrator?: boolean;
}

/** The issuer of the fake's provider, as a link names it. */
export const PROVIDER_ISSUER = 'https://login.agency.example/realms/staff';

/** A link to the fake's provider, its roles managed there unless told otherwise. */
export const providerLink = (overrides: Partial<ProviderLinkResponse> = {}): ProviderLinkResponse => ({
  issuer: PROVIDER_ISSUER,
  subject: 'f3a1c2d4-sub',
  linked_at: 1_735_725_600,
  last_sign_in: 1_736_935_200,
  roles_managed: true,
  ...overrides,
});

/** The user's state as the users list summarises it. */
export const secondFactorState = (user: FakeUser): SecondFactorState =>
  user.factors?.length ? 'on' : user.secondFactorRequired ? 'required-missing' : 'off';

/** A session as the administration lists it, and whose it is. */
export type FakeSession = Static<typeof Session> & { uid: string };

export const initialUsers = (): FakeUser[] => [
  {
    uid: ADMIN_UID,
    public_name: 'Alice Admin',
    roles: ['administrator', 'ceo'],
    banned: false,
    username: 'alice',
    password: 'alice-secret',
  },
  {
    uid: RECRUITER_UID,
    public_name: 'Bob Recruiter',
    roles: ['recruiter', 'trainer'],
    banned: false,
    username: 'bobby',
    password: 'bob-secret',
  },
  {
    uid: CAREGIVER_UID,
    public_name: 'Carla Care',
    roles: ['caregiver'],
    banned: true,
    username: 'carla',
    password: 'carla-secret',
  },
];

/** A user as the administration routes answer it. */
export const panelUser = (user: FakeUser): PanelUserResponse => ({
  domain_user: {
    uid: user.uid,
    public_name: user.public_name,
    roles: user.roles,
    banned: user.banned,
    locked: !!user.locked,
    last_sign_in: user.last_sign_in ?? null,
    second_factor: secondFactorState(user),
  },
  authentication_methods: user.username ? [{ type: 'password', username: user.username }] : [],
  sign_in: user.providerLink ? 'oidc' : 'password',
  provider_link: user.providerLink ?? null,
});

/** The paged dialect of the users list, as the auth service speaks it (sort keys, query words, filters). */
export const userPage = (byName: FakeUser[], query: URLSearchParams): Static<typeof PanelUserPage> => {
  const page = Number(query.get('page') ?? 1);
  const size = Number(query.get('page_size') ?? 10);
  const filters = JSON.parse(query.get('filters') ?? '{}') as Static<typeof UserSearch.filters>;
  const words = (query.get('query') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const sortKey = (query.get('sort_by') ?? 'public_name') as UserSortKey;
  const direction = query.get('ordering') === 'des' ? -1 : 1;
  const selected = byName
    .filter((user) =>
      words.every((word) =>
        [user.public_name, user.username ?? '', user.roles.join(' '), user.uid].some((text) =>
          text.toLowerCase().includes(word),
        ),
      ),
    )
    .filter(
      (user) =>
        (filters.role == null || user.roles.includes(filters.role)) &&
        (filters.banned == null || user.banned === filters.banned),
    )
    .filter(
      (user) =>
        (filters.locked == null || !!user.locked === filters.locked) &&
        (filters.sign_in == null || panelUser(user).sign_in === filters.sign_in) &&
        (!filters.uids || filters.uids.includes(user.uid)),
    )
    .sort((a, b) => direction * String(a[sortKey] ?? '').localeCompare(String(b[sortKey] ?? '')));
  return {
    items: selected.slice((page - 1) * size, page * size).map(panelUser),
    previous_page: page > 1 ? page - 1 : null,
    next_page: page * size < selected.length ? page + 1 : null,
    total: selected.length,
    total_is_lower_bound: false,
  };
};
