/** The route of the file search (with a trailing slash). */
export const SEARCH_PATH = '/filebucket/search/';
