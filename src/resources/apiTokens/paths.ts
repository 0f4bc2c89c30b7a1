/** The routes of the two API-token screens (with trailing slashes). */
export const FILES_PATH = '/filebucket/api-keys/';
export const PRICING_PATH = '/pricing/api-keys/';
