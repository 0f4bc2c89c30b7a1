/** The spec's routes of the file and token screens (with trailing slashes). */
export const filesPaths = {
  search: '/filebucket/search/',
  fileTokens: '/filebucket/api-keys/',
  pricingTokens: '/pricing/api-keys/',
};
