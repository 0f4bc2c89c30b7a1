import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { type CareStatus, type CareStatusReason, STATUSES_NEEDING_A_REASON } from '../../../../contracts/care-workflow';
import { CARE_REQUEST_RESOURCES } from '../../../dataProviders/careRequests';
import type { Incoming } from '../../../dataProviders/careRequests/wire';
import { useStatusLabel } from '../workflow/parts';
import { useWorkflowChange } from '../workflow/useWorkflowChange';

interface Move {
  record: Incoming;
  to: CareStatus;
}

const needsReason = (status: CareStatus) => (STATUSES_NEEDING_A_REASON as readonly CareStatus[]).includes(status);

/**
 * Moving a card: it shows in its new column at once; the columns reload after the answer, and a refusal puts it back (a 409
 * says who changed it and how it is now). Declined and withdrawn first ask for the reason (`asking`).
 */
export function useBoardMove() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const statusLabel = useStatusLabel();
  const { change } = useWorkflowChange();
  const [moves, setMoves] = useState<Move[]>([]);
  const [asking, setAsking] = useState<Move | null>(null);

  const send = async (move: Move, reason?: CareStatusReason) => {
    setMoves((current) => [...current.filter((other) => other.record.uid !== move.record.uid), move]);
    const outcome = await change(move.record.uid, { version: move.record.version, status: move.to, ...(reason && { reason }) });
    if (outcome.ok) notify(translate('caredesk.care_work.board.moved', { status: statusLabel(move.to) }), { type: 'success' });
    await queryClient.invalidateQueries({ queryKey: [CARE_REQUEST_RESOURCES.incoming] });
    setMoves((current) => current.filter((other) => other !== move));
  };

  const move = (record: Incoming, to: CareStatus) => {
    if (record.status === to) return;
    if (needsReason(to)) setAsking({ record, to });
    else void send({ record, to });
  };
  const confirmReason = (reason: CareStatusReason) => {
    if (asking) void send(asking, reason);
    setAsking(null);
  };

  const arrivingIn = (status: CareStatus): Incoming[] => moves.filter((pending) => pending.to === status).map((pending) => ({ ...pending.record, status }));
  const leaving = new Set(moves.map((pending) => pending.record.uid));
  return { move, asking: asking?.to ?? null, confirmReason, cancelReason: () => setAsking(null), arrivingIn, leaving };
}
