import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { type CareStatus, type CareStatusReason, STATUSES_NEEDING_A_REASON } from '../../../../contracts/care-workflow';
import type { Incoming } from '../../../dataProviders/careRequests/wire';
import { useStatusLabel } from '../workflow/parts';
import { useWorkflowChange } from '../workflow/useWorkflowChange';

interface Move {
  record: Incoming;
  to: CareStatus;
}

const needsReason = (status: CareStatus) => (STATUSES_NEEDING_A_REASON as readonly CareStatus[]).includes(status);

/**
 * Moving a card: it shows in its new column at once and stays there with the answer (no column is read again); a refusal
 * puts it back and says why (a 409 says who changed it and how it is now). Declined and withdrawn first ask for the reason
 * (`asking`).
 */
export function useBoardMove() {
  const notify = useNotify();
  const translate = useTranslate();
  const statusLabel = useStatusLabel();
  const { change } = useWorkflowChange('board');
  const [asking, setAsking] = useState<Move | null>(null);

  const send = async (move: Move, reason?: CareStatusReason) => {
    const outcome = await change(move.record, { status: move.to, ...(reason && { reason }) });
    if (outcome.ok)
      notify(translate('caredesk.care_work.board.moved', { status: statusLabel(move.to) }), { type: 'success' });
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
  return { move, asking: asking?.to ?? null, confirmReason, cancelReason: () => setAsking(null) };
}
