import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';

/** The search box: typing changes nothing until Enter starts the search (filter q, kept in the URL as `search`). */
export const IncomingSearchBox = () => {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const current = typeof filterValues?.q === 'string' ? filterValues.q : '';
  const [text, setText] = useState(current);
  useEffect(() => setText(current), [current]);
  return (
    <TextField
      size="small"
      sx={{ width: 240 }}
      placeholder={translate('caredesk.care.incoming.search')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        const { q: _dropped, ...rest } = filterValues ?? {};
        const query = text.trim();
        setFilters(query ? { ...rest, q: query } : rest, displayedFilters, false);
      }}
      slotProps={{
        htmlInput: { 'aria-label': translate('caredesk.care.incoming.search') },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
