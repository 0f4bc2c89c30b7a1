import { AUTH, type PanelUser, type TestApp } from '../support/helpers';

export const USERS = `${AUTH}/administration/users/`;

export interface UserPage {
  items: PanelUser[];
  previous_page: number | null;
  next_page: number | null;
  total: number;
  total_is_lower_bound?: boolean;
}

type Query = Record<string, string | number | boolean | object>;

/** GET /administration/users/ as the administrator of the file's test app (`app` is read at each call): a page, or every user. */
export function usersList(app: () => TestApp) {
  const page = async (query: Query) => {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]) => [
        key,
        typeof value === 'object' ? JSON.stringify(value) : String(value),
      ]),
    );
    const response = await app().as({ method: 'GET', url: `${USERS}?${search}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UserPage>();
  };
  const allUsers = async () => (await app().as({ method: 'GET', url: USERS })).json<PanelUser[]>();
  return { page, allUsers };
}

export const names = (answer: UserPage) => answer.items.map((user) => user.domain_user.public_name);
