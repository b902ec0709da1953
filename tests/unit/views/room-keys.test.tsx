// @vitest-environment jsdom
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { roomSwitcherMachine } from '../../../src/machines/room-switcher-machine';
import type { RoomDoc } from '../../../src/store/schemas';
import { RoomSwitcher, type RoomSwitcherActor } from '../../../src/views/chat/room-switcher';
import { useRoomKeys } from '../../../src/views/chat/use-room-keys';

afterEach(cleanup);

beforeAll(() => {
  // jsdom's <dialog> lacks the modal methods and scrolling: what the switcher needs of them.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  Element.prototype.scrollIntoView ??= () => {};
});

const room = (id: string, name: string, unread = 0, canRead = true): RoomDoc =>
  ({ id, name, icon: null, position: 0, canRead, canWrite: true, canSendAttachments: false, unread }) as RoomDoc;
const ROOMS = [room('all', 'ALL'), room('forex', 'Forex', 4), room('indices', 'Indices'), room('prime', 'Prime', 0, false)];

function Switcher({ onOpen, onActor }: { onOpen: (id: string) => void; onActor: (actor: RoomSwitcherActor) => void }) {
  const actor = useActorRef(roomSwitcherMachine.provide({ actions: { openRoom: (_, { roomId }) => onOpen(roomId) } }), {
    input: { rooms: ROOMS.map(({ id, name, unread }) => ({ id, name, unread })) },
  });
  onActor(actor);
  return <RoomSwitcher actor={actor} rooms={ROOMS} />;
}

describe('the room switcher dialog', () => {
  it("is a combobox over a listbox: unread rooms first, 'ind' finds Indices, Enter opens it", () => {
    const onOpen = vi.fn();
    let actor!: RoomSwitcherActor;
    const view = render(<Switcher onOpen={onOpen} onActor={(a) => (actor = a)} />);
    act(() => actor.send({ type: 'switcher.open' }));
    const field = view.getByRole('combobox', { name: 'Rechercher une room' });
    const options = () => view.getAllByRole('option').map((o) => o.textContent);
    expect(options()).toEqual(['Forex4, 4 nouveaux messages', 'ALL', 'Indices', 'Prime, réservée']);
    const active = () => document.getElementById(field.getAttribute('aria-activedescendant')!)?.textContent;
    expect(active()).toMatch(/^Forex/);
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(active()).toBe('ALL');
    expect(view.getByRole('option', { name: 'ALL' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.change(field, { target: { value: 'ind' } });
    expect(options()).toEqual(['Indices']);
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith('indices');
    expect(view.queryByRole('combobox')).toBeNull();
  });

  it('says when nothing matches, and a click on an option opens it', () => {
    const onOpen = vi.fn();
    let actor!: RoomSwitcherActor;
    const view = render(<Switcher onOpen={onOpen} onActor={(a) => (actor = a)} />);
    act(() => actor.send({ type: 'switcher.open' }));
    const field = view.getByRole('combobox');
    fireEvent.change(field, { target: { value: 'zz' } });
    expect(view.getByRole('status').textContent).toBe('Aucune room ne correspond');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: 'frx' } });
    fireEvent.click(view.getByRole('option', { name: /Forex/ }));
    expect(onOpen).toHaveBeenCalledWith('forex');
  });

  it('closes on Ctrl+K again, without opening anything', () => {
    const onOpen = vi.fn();
    let actor!: RoomSwitcherActor;
    const view = render(<Switcher onOpen={onOpen} onActor={(a) => (actor = a)} />);
    act(() => actor.send({ type: 'switcher.open' }));
    fireEvent.keyDown(view.getByRole('combobox'), { key: 'k', ctrlKey: true });
    expect(view.queryByRole('combobox')).toBeNull();
    expect(onOpen).not.toHaveBeenCalled();
  });
});

function Keys(props: { currentRoomId: string | null; onSelect: (id: string) => void; onOpenSwitcher: () => void }) {
  useRoomKeys({ rooms: ROOMS, ...props });
  return (
    <>
      <textarea aria-label="Votre message" />
      <select aria-label="Choix">
        <option>a</option>
      </select>
    </>
  );
}

describe('the room shortcuts hook', () => {
  it('Alt+arrows move through the list, with Shift to unread rooms; Ctrl+K opens the switcher; from the composer too', () => {
    const onSelect = vi.fn();
    const onOpenSwitcher = vi.fn();
    const view = render(<Keys currentRoomId="all" onSelect={onSelect} onOpenSwitcher={onOpenSwitcher} />);
    const composer = view.getByRole('textbox');
    fireEvent.keyDown(composer, { key: 'ArrowDown', altKey: true });
    expect(onSelect).toHaveBeenLastCalledWith('forex');
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true });
    expect(onSelect).toHaveBeenLastCalledWith('prime');
    fireEvent.keyDown(composer, { key: 'ArrowUp', altKey: true, shiftKey: true });
    expect(onSelect).toHaveBeenLastCalledWith('forex');
    const press = new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true });
    composer.dispatchEvent(press);
    expect(onOpenSwitcher).toHaveBeenCalledTimes(1);
    expect(press.defaultPrevented).toBe(true);
  });

  it('leaves Alt+↓ to a select and every key to an open dialog', () => {
    const onSelect = vi.fn();
    const onOpenSwitcher = vi.fn();
    const view = render(<Keys currentRoomId="all" onSelect={onSelect} onOpenSwitcher={onOpenSwitcher} />);
    fireEvent.keyDown(view.getByRole('combobox', { name: 'Choix' }), { key: 'ArrowDown', altKey: true });
    expect(onSelect).not.toHaveBeenCalled();
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    fireEvent.keyDown(dialog, { key: 'k', ctrlKey: true });
    fireEvent.keyDown(dialog, { key: 'ArrowDown', altKey: true });
    expect(onOpenSwitcher).not.toHaveBeenCalled();
    expect(onSelect).not.toHaveBeenCalled();
    dialog.remove();
  });
});
