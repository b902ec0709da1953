import { styled } from '@linaria/react';
import type { ReactNode } from 'react';
import { formatMessage, type Inline } from '../../domain/message-format';
import { PROFILE_TEXT } from '../../domain/messaging-text-fr';
import { useMessagingUi, type MessagingUi } from './messaging-ui';

/**
 * A message's text: web addresses as links opened in a new tab, **gras**, _italique_, `code`,
 * line breaks kept (the container keeps white space), and each '@pseudo' a button to that
 * member's profile panel (spec 2 §5). Rendered as elements from the text's nodes, never as HTML.
 */
export function MessageText({ content }: { content: string }) {
  const ui = useMessagingUi();
  const nodes = nodesOf(content);
  // Plain text (most messages): the text node alone, no element.
  const only = nodes.length === 1 ? nodes[0]! : null;
  if (only?.kind === 'text') return only.text;
  return render(nodes, ui);
}

/**
 * The nodes of each text seen lately: a row mounting again (room switch, first paint handed over,
 * a row scrolled back into view) does not cut its text again. Oldest dropped first.
 */
const CACHE_SIZE = 1000;
const cache = new Map<string, Inline[]>();
function nodesOf(content: string): Inline[] {
  let nodes = cache.get(content);
  if (nodes === undefined) {
    nodes = formatMessage(content);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(content, nodes);
  }
  return nodes;
}

function render(nodes: readonly Inline[], ui: MessagingUi | null): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'code':
        return <Code key={index}>{node.text}</Code>;
      case 'link':
        return (
          <a key={index} href={node.href} target="_blank" rel="noopener noreferrer">
            {node.text}
          </a>
        );
      case 'strong':
        return <strong key={index}>{render(node.children, ui)}</strong>;
      case 'em':
        return <em key={index}>{render(node.children, ui)}</em>;
      case 'mention':
        // Outside the shell (the chat's first paint) the same text, styled alike, so rows keep their size.
        return ui ? (
          <Mention key={index} type="button" title={PROFILE_TEXT.title(node.username)} onClick={() => ui.openProfile(node.username)}>
            @{node.username}
          </Mention>
        ) : (
          <MentionText key={index}>@{node.username}</MentionText>
        );
    }
  });
}

const MentionText = styled.span`
  color: var(--accent);
  font-weight: 600;
`;
/** Inside a sentence: exempt from the phone's 44px floor, like a link in text. */
const Mention = styled.button`
  display: inline;
  min-width: 0;
  min-height: 0;
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
const Code = styled.code`
  padding: 0 4px;
  border-radius: 4px;
  background: color-mix(in srgb, var(--text) 10%, transparent);
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 0.9em;
`;
