import { Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useListFilters } from '../../../common/listFilters';
import { IfCan } from '../../../common/permissions';
import { type QuickView, quickViewFilters } from '../workflow/quickViews';

const VIEWS: QuickView[] = ['mine', 'unassigned', 'due'];

const sameFilter = (a: Record<string, unknown>, b: Record<string, unknown>) => JSON.stringify(a) === JSON.stringify(b);

/** "All", "Mine", "Unassigned", "Follow-up due": each sets the list's filters (the search stays); the one shown is pressed. */
export const QuickViews = () => {
  const translate = useTranslate();
  const list = useListFilters();
  const { q, ...filters } = list.values;
  const search = q ? { q } : {};
  const choose = (next: Record<string, unknown>) => list.replace({ ...search, ...next });
  const button = (key: string, filter: Record<string, unknown>) => {
    const pressed = sameFilter(filters, filter);
    return (
      <Button
        key={key}
        size="small"
        variant={pressed ? 'contained' : 'outlined'}
        aria-pressed={pressed}
        onClick={() => choose(filter)}
      >
        {translate(`caredesk.care_work.quick.${key}`)}
      </Button>
    );
  };
  return (
    <IfCan permission="care:read">
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        flexWrap="wrap"
        role="group"
        aria-label={translate('caredesk.care_work.quick.label')}
        sx={{ px: 1, pb: 1 }}
      >
        {button('all', {})}
        {VIEWS.map((view) => button(view, quickViewFilters[view]()))}
      </Stack>
    </IfCan>
  );
};
