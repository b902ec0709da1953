import { styled } from '@linaria/react';
import { useState } from 'react';
import { CONTENT_TEXT } from '../../domain/content-text-fr';
import { TEXT } from '../../domain/text-fr';
import { sameOriginLink } from '../../domain/toolbox';
import { Icon } from '../common/icons';
import { Button, ErrorText } from '../common/ui';
import { useLandingSync } from '../landing/use-landing';

type State = { kind: 'idle' } | { kind: 'asking' } | { kind: 'started' } | { kind: 'failed'; error: string };

/**
 * One file of a tool (spec 3 §2, §7): the signed link is asked when the member clicks (it is bound
 * to the member and lives minutes), then followed as a plain link: the server checks the session
 * cookie and answers the file as an attachment, so the page stays where it is.
 */
export function ToolDownload({ toolId, fileIndex, name }: { toolId: number; fileIndex: number; name: string }) {
  const landing = useLandingSync();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const busy = state.kind === 'asking';

  async function download() {
    if (busy) return;
    setState({ kind: 'asking' });
    const link = await landing.toolLink(toolId, fileIndex);
    if (!link.ok) return setState({ kind: 'failed', error: link.error });
    const href = sameOriginLink(link.url, window.location.origin);
    if (href === null) return setState({ kind: 'failed', error: TEXT.requestFailed });
    follow(href, name);
    setState({ kind: 'started' });
  }

  return (
    <Row>
      <Button type="button" onClick={() => void download()} aria-disabled={busy || undefined} aria-busy={busy || undefined}>
        <Icon name="download" size={18} />
        {busy ? CONTENT_TEXT.preparingLink : CONTENT_TEXT.download(name)}
      </Button>
      <span role="status" data-status="">
        {state.kind === 'started' ? CONTENT_TEXT.downloadStarted(name) : ''}
      </span>
      {state.kind === 'failed' ? (
        <Failed>
          <ErrorText role="alert">{state.error}</ErrorText>
          <Button type="button" variant="ghost" onClick={() => void download()}>
            <Icon name="retry" size={18} />
            {CONTENT_TEXT.retry}
          </Button>
        </Failed>
      ) : null}
    </Row>
  );
}

/** A temporary <a download> clicked: the browser keeps the page and saves the answer. */
function follow(href: string, name: string): void {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

const Row = styled.li`
  display: grid;
  justify-items: start;
  gap: 6px;
  & > button {
    min-height: 44px;
    padding-block: 8px;
    max-width: 100%;
    text-align: left;
    overflow-wrap: anywhere;
  }
  & > button[aria-disabled] {
    opacity: 0.7;
    cursor: progress;
  }
  & [data-status] {
    color: var(--muted);
    font-size: 14px;
  }
`;

const Failed = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  & button {
    min-height: 44px;
  }
`;
