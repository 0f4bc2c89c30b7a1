/**
 * The texts every list shares: the CSV export and the filter menu with its day ranges (react-admin's own messages name the
 * column chooser and the theme toggle).
 */
export const listFeaturesEn = {
  filters: {
    button: 'Filter',
    active: '(%{smart_count} active)',
    reset: 'Reset filters',
    date_invalid: 'Enter a valid date as MM/DD/YYYY (from 1970)',
    date_incomplete: 'The date is incomplete (MM/DD/YYYY)',
    date_after_to: 'Cannot be after the end date',
    date_before_from: 'Cannot be before the start date',
  },
  export: {
    button: 'Export CSV',
    truncated: 'The export holds the first %{count} rows; narrow the search or the filters for the rest.',
    failed: 'Export failed: %{message}',
  },
};

/** What index.ts merges into the language's messages. */
export const messages = { caredesk: listFeaturesEn };
