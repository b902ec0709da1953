import { styled } from '@linaria/react';
import { useState, type ReactNode } from 'react';
import type { PlanningItem } from '../../contract/planning';
import { formatLiveHours, liveAccess } from '../../domain/live-window';
import { TEXT } from '../../domain/text-fr';
import { useApp } from '../app-context';
import { Dialog, DialogActions } from '../common/dialog';
import { Button } from '../common/ui';
import { AccessPrompt } from '../shell/access-prompt';

/**
 * 'Accéder au live' (spec 1 §2, spec 3 §2, §7): a live's direct link opens in a new tab; several
 * current lives open a chooser; otherwise an access link is requested for the live's room, in a
 * tab opened at once so the browser does not block it. NOT_ALLOWED opens the access prompt; any
 * other error goes to a browser alert and the opened tab is closed.
 * Returns `join` and the dialogs to render beside the button.
 */
export function useLiveJoin(): { join: (items: readonly PlanningItem[]) => Promise<void>; dialogs: ReactNode } {
  const { live } = useApp();
  const [chooser, setChooser] = useState<readonly PlanningItem[] | null>(null);
  const [denied, setDenied] = useState(false);

  async function join(items: readonly PlanningItem[]) {
    const access = liveAccess(items);
    if (access.kind === 'chooser') return setChooser(access.items);
    if (access.kind === 'direct') return void window.open(access.url, '_blank', 'noopener');
    if (access.kind === 'unavailable') return window.alert(TEXT.liveUnavailable);
    const tab = window.open('about:blank', '_blank');
    const answer = await live.requestLink(access.roomId);
    if (answer.ok) {
      if (tab) tab.location.href = answer.data.loginUrl;
      else window.location.assign(answer.data.loginUrl);
      return;
    }
    tab?.close();
    if (answer.error === 'NOT_ALLOWED') setDenied(true);
    else window.alert(answer.error);
  }

  const dialogs = (
    <>
      <Dialog title={TEXT.liveChooserTitle} open={chooser !== null} onClose={() => setChooser(null)}>
        <Choices>
          {(chooser ?? []).map((item) => (
            <li key={item.id}>
              <span>
                {item.attributes.name} · {formatLiveHours(item)} · {item.attributes.speaker}
              </span>
              <Button
                type="button"
                aria-label={`${TEXT.liveAccess} : ${item.attributes.name}`}
                onClick={() => {
                  setChooser(null);
                  void join([item]);
                }}
              >
                {TEXT.liveAccess}
              </Button>
            </li>
          ))}
        </Choices>
        <DialogActions>
          <Button variant="ghost" type="button" onClick={() => setChooser(null)}>
            {TEXT.close}
          </Button>
        </DialogActions>
      </Dialog>
      {denied ? <AccessPrompt onClose={() => setDenied(false)} /> : null}
    </>
  );
  return { join, dialogs };
}

const Choices = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  & li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 12px;
  }
`;
