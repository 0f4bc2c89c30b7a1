import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useListFilters } from '../../../common/listFilters';

/** The search box: typing changes nothing until Enter starts the search (filter q, kept in the URL as `search`). */
export const IncomingSearchBox = () => {
  const translate = useTranslate();
  const filters = useListFilters();
  const current = typeof filters.values.q === 'string' ? filters.values.q : '';
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
        filters.set('q', text.trim());
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
