/** The routes of the users screens (with trailing slashes). */
export const usersPaths = {
  list: '/users/',
  create: '/users/create/',
  edit: (id: string | number) => `/users/${encodeURIComponent(String(id))}/`,
};
