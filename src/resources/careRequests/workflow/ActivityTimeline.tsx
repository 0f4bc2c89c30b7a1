import { Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { CaredeskDataProvider } from '../../../dataProviders';
import { CARE_REQUEST_RESOURCES } from '../../../dataProviders/careRequests';
import type { ActivityEntry } from '../../../dataProviders/careRequests/workflow';
import { useCareFormat } from '../parts/useCareFormat';
import { useStatusLabel } from './parts';

const PAGE_SIZE = 20;
export const activityKey = (uid: string) => ['careRequestActivity', uid];
const t = (key: string) => `caredesk.care_work.activity.${key}`;

/** One step of the timeline in words: what changed, from what to what (statuses, assignees, days). */
function useDescribe() {
  const translate = useTranslate();
  const format = useCareFormat();
  const statusLabel = useStatusLabel();
  const nothing = translate(t('nothing'));
  return (entry: ActivityEntry): string => {
    if (entry.kind === 'mail' && entry.mail)
      return translate(t('mail'), { kind: translate(t(`mail_kinds.${entry.mail.kind}`)), status: entry.mail.status });
    if (entry.kind !== 'workflow') return translate(t(entry.kind));
    const parts: string[] = [];
    if (entry.status)
      parts.push(
        translate(t('status'), {
          from: entry.status.from ? statusLabel(entry.status.from) : nothing,
          to: entry.status.to ? statusLabel(entry.status.to) : nothing,
        }),
      );
    if (entry.reason)
      parts.push(translate(t('reason'), { reason: translate(`caredesk.care_work.reasons.${entry.reason}`) }));
    if (entry.assignee)
      parts.push(
        translate(t('assignee'), {
          from: entry.assignee.from?.public_name ?? nothing,
          to: entry.assignee.to?.public_name ?? nothing,
        }),
      );
    if (entry.follow_up)
      parts.push(
        translate(t('follow_up'), {
          from: entry.follow_up.from ? format.date(entry.follow_up.from) : nothing,
          to: entry.follow_up.to ? format.date(entry.follow_up.to) : nothing,
        }),
      );
    return parts.join('; ');
  };
}

/** The request's timeline, newest first, 20 at a time ("Show older"). */
export const ActivityTimeline = ({ uid }: { uid: string }) => {
  const translate = useTranslate();
  const format = useCareFormat();
  const describe = useDescribe();
  const dataProvider = useDataProvider<CaredeskDataProvider>();
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery({
    queryKey: activityKey(uid),
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      dataProvider.getActivity(CARE_REQUEST_RESOURCES.incoming, { id: uid, page: pageParam, perPage: PAGE_SIZE }),
    getNextPageParam: (last, _pages, page) => (last.hasNextPage ? page + 1 : undefined),
  });
  const entries = data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Stack spacing={1} component="section" aria-labelledby={`activity-${uid}`}>
      <Typography variant="subtitle1" component="h3" id={`activity-${uid}`}>
        {translate(t('title'))}
      </Typography>
      {data && entries.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate(t('empty'))}
        </Typography>
      )}
      <List dense disablePadding data-testid="activity">
        {entries.map((entry) => (
          <ListItem key={entry.id} disableGutters>
            <ListItemText
              primary={describe(entry)}
              secondary={`${entry.actor?.public_name ?? translate(t('server'))} · ${format.dateTime(entry.at)}`}
            />
          </ListItem>
        ))}
      </List>
      {hasNextPage && (
        <Button
          size="small"
          onClick={() => void fetchNextPage()}
          loading={isFetchingNextPage}
          sx={{ alignSelf: 'flex-start' }}
        >
          {translate(t('more'))}
        </Button>
      )}
    </Stack>
  );
};
