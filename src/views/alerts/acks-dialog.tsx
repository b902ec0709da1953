import { styled } from '@linaria/react';
import { useEffect } from 'react';
import type { z } from 'zod/mini';
import type { alertAcksResponse } from '../../contract/alerts';
import { ALERT_TEXT } from '../../domain/alert-form';
import { dayMonthTime } from '../../domain/dates-fr';
import { kv$ } from '../../store/chat-queries';
import { alertAcksKey } from '../../sync/alerts-sync';
import { useChat } from '../chat/use-chat';
import { Dialog } from '../common/dialog';
import { toast } from '../common/toast';
import { useQuery } from '../common/use-query';

type Acks = z.infer<typeof alertAcksResponse>['acks'];

/** Who pressed 'Bien reçu' on an urgent alert, first first (issue 22): for its author and moderators. */
export function AcksDialog({ alertId, onClose }: { alertId: string; onClose: () => void }) {
  const chat = useChat();
  const acks = useQuery((db) => kv$<Acks>(db, alertAcksKey(alertId)), [alertId], null);
  useEffect(() => {
    void chat?.alerts?.loadAcks(alertId).then((error) => error && toast.error(error));
  }, [chat, alertId]);
  return (
    <Dialog title={ALERT_TEXT.acksTitle} open onClose={onClose}>
      {acks === null ? null : acks.length === 0 ? (
        <p>{ALERT_TEXT.noAcks}</p>
      ) : (
        <List>
          {acks.map((ack) => (
            <li key={ack.user.id}>
              <strong>{ack.user.username}</strong> <time dateTime={ack.date}>{dayMonthTime(new Date(ack.date))}</time>
            </li>
          ))}
        </List>
      )}
    </Dialog>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
  max-height: 60dvh;
  overflow: auto;
  & time {
    color: var(--muted);
    font-size: 13px;
  }
`;
