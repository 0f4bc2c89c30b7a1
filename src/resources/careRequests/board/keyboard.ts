import type { Announcements, KeyboardCoordinateGetter } from '@dnd-kit/core';
import type { Incoming } from '../../../dataProviders/careRequests/wire';

/**
 * Arrow keys move a picked-up card a whole column on or back in reading order (to the top of that column; columns that do not
 * fit in one row continue in the next), so that one key press is one status; up and down are not needed, as a column keeps
 * its own order.
 */
export const columnCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  // the columns in the order they were rendered: the statuses' order
  const columns = [...context.droppableRects.keys()];
  const current = context.over ? columns.indexOf(context.over.id) : -1;
  const target = context.droppableRects.get(columns[current + step] ?? '');
  if (current === -1 || !target) return currentCoordinates;
  return { x: target.left + 4, y: target.top + 40 };
};

interface AnnouncementTexts {
  translate: (key: string, options?: Record<string, unknown>) => string;
  statusLabel: (status: string) => string;
  received: (record: Incoming) => string;
}

/** What a screen reader hears while a card moves, in the panel's language. */
export function boardAnnouncements({ translate, statusLabel, received }: AnnouncementTexts): Announcements {
  const t = (key: string, options?: Record<string, unknown>) => translate(`caredesk.care_work.board.${key}`, options);
  const recordOf = (active: { data: { current?: Record<string, unknown> } }) =>
    active.data.current?.record as Incoming | undefined;
  return {
    onDragStart: ({ active }) => {
      const record = recordOf(active);
      return record ? t('picked', { date: received(record) }) : undefined;
    },
    onDragOver: ({ over }) => (over ? t('over', { status: statusLabel(String(over.id)) }) : t('not_over')),
    onDragEnd: ({ over }) => (over ? t('dropped', { status: statusLabel(String(over.id)) }) : t('dropped_nowhere')),
    onDragCancel: () => t('cancelled'),
  };
}
