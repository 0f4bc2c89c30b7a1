import { type Announcements, type KeyboardCoordinateGetter, KeyboardCode } from '@dnd-kit/core';
import type { Incoming } from '../../../dataProviders/careRequests/wire';

/**
 * Arrow keys move a picked-up card a whole column to the right or left (to the top of that column), so that one key press is
 * one status; up and down are not needed, as a column keeps its own order.
 */
export const columnCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const step = event.code === KeyboardCode.Right ? 1 : event.code === KeyboardCode.Left ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const columns = [...context.droppableRects.values()].sort((a, b) => a.left - b.left);
  const x = context.collisionRect ? context.collisionRect.left + context.collisionRect.width / 2 : currentCoordinates.x;
  const current = columns.findIndex((rect) => x >= rect.left && x <= rect.right);
  const target = columns[current === -1 ? 0 : current + step];
  if (!target) return currentCoordinates;
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
  const recordOf = (active: { data: { current?: Record<string, unknown> } }) => active.data.current?.record as Incoming | undefined;
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
