/** A column's share of its table's width, such as '12%'. */
export type ColumnShare = `${number}%`;

interface OneLineTableOptions {
  /** The columns (their `source`) that give way, each with its share of the width. */
  giveWay?: Record<string, ColumnShare>;
  /** Spacing units left and right in every cell (MUI's default is 2; 1 unless a list needs still less). */
  padding?: number;
}

/**
 * How every list's table fits its window, 1280 px wide with the drawer open as well as wider, in English and in German,
 * whatever the length of the values the contracts allow: every row is one line high (body cells do not wrap, so ten rows and
 * the pager fit 720 px), titles may take two lines, and cells are narrower than MUI's default. The columns that matter least
 * for reading a row (free text and technical values: addresses, hosts, errors, descriptions) give way: such a column has no
 * minimum width and takes about its share, and shows its value with `OneLineText` (cut with an ellipsis, the whole value on
 * hover and on keyboard focus); the others (times, chips, counts, actions) keep their width. Columns to spare sit behind the
 * list's Columns button. A table that is still too wide scrolls in its own box (the layout's rule), never the page.
 */
export function oneLineTable({ giveWay = {}, padding = 1 }: OneLineTableOptions = {}) {
  const columns = Object.keys(giveWay);
  return {
    '& .MuiTableCell-root': { px: padding },
    '& .MuiTableCell-body': { whiteSpace: 'nowrap' },
    // two-word titles take two lines rather than widen the table
    '& .MuiTableCell-head': { whiteSpace: 'normal', lineHeight: 1.2 },
    ...(columns.length > 0 && {
      [columns.map((column) => `& .MuiTableCell-body.column-${column}`).join(', ')]: { maxWidth: 0 },
    }),
    ...Object.fromEntries(Object.entries(giveWay).map(([column, share]) => [`& .column-${column}`, { width: share }])),
  };
}
