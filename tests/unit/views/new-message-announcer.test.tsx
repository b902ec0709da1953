// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/contract/chat';
import { NewMessageAnnouncer } from '../../../src/views/chat/new-message-announcer';
import { roomMessage } from '../store/chat-fixtures';

afterEach(cleanup);

const ME = 7;
/** The i-th message, by someone else (the fixtures' 'vip', id 2) unless `author` says otherwise. */
const message = (i: number, author?: { id: number; username: string }): ChatMessage => {
  const base = roomMessage(i, 'forex', { content: `**Cassure** n° ${i}` });
  return author ? { ...base, sender: { ...base.sender, id: author.id, _id: String(author.id), username: author.username } } : base;
};

function announcer(newest: ChatMessage | null | undefined, atEnd = true) {
  const view = render(<NewMessageAnnouncer newest={newest} viewerId={ME} atEnd={atEnd} />);
  // Outside the log's container: at the document's end.
  expect(view.container.querySelector('[aria-live]')).toBeNull();
  const region = document.body.querySelector('[aria-live]')!;
  return {
    region,
    show: (next: ChatMessage | null | undefined, end = true) => view.rerender(<NewMessageAnnouncer newest={next} viewerId={ME} atEnd={end} />),
  };
}

describe('the log announcement', () => {
  it("is a polite region that reads out someone else's new message, without its markers", () => {
    const { region, show } = announcer(message(1));
    expect(region.getAttribute('aria-live')).toBe('polite');
    // The rows the log opened with are history: nothing is read.
    expect(region.textContent).toBe('');
    show(message(2));
    expect(region.textContent).toBe('vip : Cassure n° 2');
  });

  it("reads out neither one's own messages nor those arriving while the reader is up the log", () => {
    const { region, show } = announcer(message(1));
    show(message(2, { id: ME, username: 'moi' }));
    expect(region.textContent).toBe('');
    show(message(3), false);
    expect(region.textContent).toBe('');
    // Back at the end, the message read earlier is not news.
    show(message(3), true);
    expect(region.textContent).toBe('');
    show(message(4));
    expect(region.textContent).toBe('vip : Cassure n° 4');
  });

  it('reads out nothing when an older window is shown, nor when coming back to the end', () => {
    const { region, show } = announcer(message(10));
    show(undefined);
    show(message(12));
    expect(region.textContent).toBe('');
    // A deleted newest message brings an older one back at the end: not news either.
    show(message(11));
    expect(region.textContent).toBe('');
    show(message(13));
    expect(region.textContent).toBe('vip : Cassure n° 13');
  });

  it('reads out the first message of an empty log, and names a picture without text', () => {
    const { region, show } = announcer(null);
    show({ ...message(1), content: '' });
    expect(region.textContent).toBe('vip : Pièce jointe');
  });
});
