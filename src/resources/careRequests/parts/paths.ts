/** The routes of the care-request screens (with trailing slashes). */
export const carePaths = {
  create: '/customers/create-care-request/',
  incoming: '/archive/incoming-care-requests/',
  board: '/archive/care-requests/board/',
};
