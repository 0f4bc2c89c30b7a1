/** The texts every list shares: the CSV export (react-admin's own messages name the column chooser and the theme toggle). */
export const listFeaturesEn = {
  export: {
    button: 'Export CSV',
    truncated: 'The export holds the first %{count} rows; narrow the search or the filters for the rest.',
    failed: 'Export failed: %{message}',
  },
};
