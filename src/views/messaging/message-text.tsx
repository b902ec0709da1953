import { styled } from '@linaria/react';
import { useMemo } from 'react';
import { splitMentions } from '../../domain/mentions';
import { PROFILE_TEXT } from '../../domain/messaging-text-fr';
import { useMessagingUi } from './messaging-ui';

/** A message's text with each '@pseudo' a link to that member's profile panel (spec 2 §5). */
export function MessageText({ content }: { content: string }) {
  const ui = useMessagingUi();
  const parts = useMemo(() => splitMentions(content), [content]);
  return (
    <>
      {parts.map((part, index) =>
        part.kind === 'text' || !ui ? (
          <span key={index}>{part.kind === 'text' ? part.text : `@${part.username}`}</span>
        ) : (
          <Mention key={index} type="button" title={PROFILE_TEXT.title(part.username)} onClick={() => ui.openProfile(part.username)}>
            @{part.username}
          </Mention>
        ),
      )}
    </>
  );
}

const Mention = styled.button`
  display: inline;
  padding: 0;
  border: none;
  background: none;
  color: var(--accent);
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:hover {
    text-decoration: underline;
  }
`;
