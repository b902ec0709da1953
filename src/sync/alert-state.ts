import type { Alert } from '../contract/alerts';
import { REV_BASE, type AlertDoc, type MessageStateJson } from '../store/schemas';
import { newest } from './message-state';

/**
 * What the client knows of one alert, merged like a chat message (src/sync/message-state.ts): the
 * alert as last edited, likes, replies and the viewer's like, each stamped with the room's change
 * sequence; a deletion wins. Folding is idempotent and order-independent.
 */
export type AlertState = {
  _id: string;
  room: string;
  alert: (Alert & { seq: number }) | null;
  likes: { count: number; seq: number } | null;
  replies: { count: number; pictures: string[]; seq: number } | null;
  liked: { value: boolean; seq: number } | null;
  /** Issue 22: how many acknowledged the urgent alert, and whether the viewer did (optional: states stored before). */
  acks?: { count: number; seq: number } | null;
  acknowledged?: { value: boolean; seq: number } | null;
  deletedSeq: number | null;
};

export const emptyAlertState = (_id: string, room: string): AlertState => ({
  _id,
  room,
  alert: null,
  likes: null,
  replies: null,
  liked: null,
  acks: null,
  acknowledged: null,
  deletedSeq: null,
});

/** An alert from an answer addressed to the viewer (pages) knows its `liked`; a broadcast does not. */
export function stateOfAlert(alert: Alert, forViewer: boolean): AlertState {
  return {
    _id: alert._id,
    room: alert.room,
    alert,
    likes: { count: alert.likesCount, seq: alert.seq },
    replies: { count: alert.repliesCount, pictures: alert.repliesPictures, seq: alert.seq },
    liked: forViewer ? { value: alert.liked, seq: alert.seq } : null,
    acks: { count: alert.acksCount, seq: alert.seq },
    acknowledged: forViewer ? { value: alert.acknowledged, seq: alert.seq } : null,
    deletedSeq: null,
  };
}

export function mergeAlert(a: AlertState, b: AlertState): AlertState {
  return {
    _id: a._id,
    room: a.room || b.room,
    alert: newest(a.alert, b.alert),
    likes: newest(a.likes, b.likes),
    replies: newest(a.replies, b.replies),
    liked: newest(a.liked, b.liked),
    acks: newest(a.acks ?? null, b.acks ?? null),
    acknowledged: newest(a.acknowledged ?? null, b.acknowledged ?? null),
    deletedSeq: a.deletedSeq === null ? b.deletedSeq : b.deletedSeq === null ? a.deletedSeq : Math.max(a.deletedSeq, b.deletedSeq),
  };
}

export function visibleAlert(state: AlertState): Alert | null {
  if (state.alert === null || state.deletedSeq !== null) return null;
  return {
    ...state.alert,
    likesCount: state.likes?.count ?? state.alert.likesCount,
    repliesCount: state.replies?.count ?? state.alert.repliesCount,
    repliesPictures: state.replies?.pictures ?? state.alert.repliesPictures,
    liked: state.liked?.value ?? state.alert.liked,
    acksCount: state.acks?.count ?? state.alert.acksCount ?? 0,
    acknowledged: state.acknowledged?.value ?? state.alert.acknowledged ?? false,
  };
}

export function toAlertDoc(state: AlertState): AlertDoc {
  const visible = visibleAlert(state);
  return {
    _id: state._id,
    room: visible ? visible.room : '',
    rev: visible ? REV_BASE - Date.parse(visible.date) : 0,
    state: state as unknown as MessageStateJson,
  };
}

export const fromAlertDoc = (doc: AlertDoc): AlertState => doc.state as unknown as AlertState;
