import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { z } from 'zod/mini';
import { splitLayoutMachine } from '../../machines/split-layout-machine';
import type { RoomDoc } from '../../store/schemas';
import { useApp } from '../app-context';

/** Where a member's columns are kept on this device (issue 22): one list per member. */
export const splitKey = (userId: number) => `splitRooms:${userId}`;
const savedList = z.array(z.string());

function savedColumns(storage: Storage, key: string): string[] {
  try {
    const decoded = z.safeParse(savedList, JSON.parse(storage.getItem(key) ?? '[]'));
    return decoded.success ? decoded.data : [];
  } catch {
    return [];
  }
}

/**
 * Rooms side by side (src/machines/split-layout-machine.ts): the rooms the member keeps in columns,
 * read from and kept on this device, for this member; rooms they may no longer read leave.
 */
export function useSplitLayout(rooms: readonly RoomDoc[], userId: number): { pinned: readonly string[]; pin: (roomId: string) => void; unpin: (roomId: string) => void } {
  const { storage } = useApp();
  const keyRef = useRef(splitKey(userId));
  keyRef.current = splitKey(userId);
  const actor = useActorRef(
    splitLayoutMachine.provide({ actions: { persist: ({ context }) => storage.setItem(keyRef.current, JSON.stringify(context.pinned)) } }),
    { input: { saved: [] } },
  );
  // The member known (at once, or once the session is read): their columns on this device.
  useEffect(() => {
    if (userId !== 0) actor.send({ type: 'split.restore', saved: savedColumns(storage, splitKey(userId)) });
  }, [actor, storage, userId]);
  const readable = rooms.filter((room) => room.canRead).map((room) => room.id);
  const readableKey = readable.join(',');
  useEffect(() => {
    // The room list is known once it has rooms: before, nothing is taken away.
    if (readableKey !== '') actor.send({ type: 'split.rooms', ids: readableKey.split(',') });
  }, [actor, readableKey]);
  const pinned = useSelector(actor, (snapshot) => snapshot.context.pinned);
  return useMemo(
    () => ({ pinned, pin: (roomId: string) => actor.send({ type: 'split.pin', roomId }), unpin: (roomId: string) => actor.send({ type: 'split.unpin', roomId }) }),
    [pinned, actor],
  );
}
