import { styled } from '@linaria/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { toast } from '../common/toast';
import { fromPromise } from 'xstate';
import { GLOBAL_NOTIFICATION_KEYS, HIDDEN_GLOBAL_NOTIFICATION_KEYS, type Coach, type NotificationChannels, type NotificationSettings } from '../../contract/account';
import { NOTIFICATION_SETTINGS_TEXT } from '../../domain/account-text-fr';
import { TEXT } from '../../domain/text-fr';
import { WEB_PUSH_MESSAGE, webPushMachine, type PermissionAnswer, type WebPushState } from '../../machines/web-push-machine';
import { rooms$ } from '../../store/chat-queries';
import type { RoomDoc } from '../../store/schemas';
import { useApp } from '../app-context';
import { useQuery } from '../common/use-query';
import { Button, ErrorText } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';

const T = NOTIFICATION_SETTINGS_TEXT;
const CHANNELS: readonly (keyof NotificationChannels)[] = ['mobile', 'mail', 'web'];
const OFF: NotificationChannels = { mobile: false, mail: false, web: false };
const SHOWN_GLOBAL_KEYS = GLOBAL_NOTIFICATION_KEYS.filter((key) => !HIDDEN_GLOBAL_NOTIFICATION_KEYS.includes(key));

/** Any Web box ticked: this browser should then be subscribed to web push. */
const wantsWeb = (settings: NotificationSettings): boolean =>
  settings.general.web || [settings.rooms, settings.global].some((table) => Object.values(table).some((row: NotificationChannels) => row.web));

/** A row of the matrix: where its channels live in the settings. */
type Row = { id: string; label: string; channels: NotificationChannels; set: (settings: NotificationSettings, channels: NotificationChannels) => NotificationSettings };

/**
 * `/profil/notif` (spec 1 §2, §3): the matrix with columns Mobile, E-mail, Web and rows general,
 * rooms and the global keys (new-post hidden), then the coaches one may follow. Turning a Web box
 * on, or saving with one on, subscribes this browser to web push when it can.
 */
export function NotificationSettingsPage() {
  const { accounts, push } = useApp();
  const webPush = useActorRef(
    webPushMachine.provide({
      actors: {
        askPermission: fromPromise<PermissionAnswer>(() => push.askPermission()),
        subscribe: fromPromise<void>(() => push.subscribe()),
      },
    }),
    { input: { supported: push.supported } },
  );
  const pushMessage = useSelector(webPush, (snapshot) => WEB_PUSH_MESSAGE[snapshot.value as WebPushState]);
  const rooms = useQuery(rooms$, [], [] as RoomDoc[]);
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [coaches, setCoaches] = useState<Coach[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  usePageTitle(T.title);

  useEffect(() => {
    let live = true;
    void accounts.notificationSettings().then((answer) => {
      if (!live) return;
      if ('error' in answer) setError(answer.error);
      else {
        setSettings(answer.settings);
        setCoaches(answer.coaches);
      }
    });
    return () => {
      live = false;
    };
  }, [accounts]);

  if (!settings)
    return (
      <Wrapper>
        <h1>{T.title}</h1>
        {error ? <ErrorText role="alert">{error}</ErrorText> : <p role="status">{T.loading}</p>}
      </Wrapper>
    );

  const rows: Row[] = [
    { id: 'general', label: T.general, channels: settings.general, set: (s, channels) => ({ ...s, general: channels }) },
    ...rooms
      .filter((room) => room.canRead && settings.rooms[room.id] !== undefined)
      .map((room): Row => ({
        id: `room:${room.id}`,
        label: T.room(room.name),
        channels: settings.rooms[room.id] ?? OFF,
        set: (s, channels) => ({ ...s, rooms: { ...s.rooms, [room.id]: channels } }),
      })),
    ...SHOWN_GLOBAL_KEYS.map((key): Row => ({
      id: `global:${key}`,
      label: T.global[key],
      channels: settings.global[key],
      set: (s, channels) => ({ ...s, global: { ...s.global, [key]: channels } }),
    })),
  ];

  const toggle = (row: Row, channel: keyof NotificationChannels) => {
    setSettings((current) => current && row.set(current, { ...row.channels, [channel]: !row.channels[channel] }));
    // Asked within the click: browsers only show the permission prompt after a gesture.
    if (channel === 'web' && !row.channels.web) webPush.send({ type: 'push.enable' });
  };
  const followed = new Set(settings.coaches.map((c) => c._id));
  const toggleCoach = (coach: Coach) =>
    setSettings((current) =>
      current && { ...current, coaches: followed.has(coach._id) ? current.coaches.filter((c) => c._id !== coach._id) : [...current.coaches, coach] },
    );

  async function save() {
    if (!settings) return;
    if (wantsWeb(settings)) webPush.send({ type: 'push.enable' });
    setBusy(true);
    const failure = await accounts.saveNotificationSettings(settings);
    setBusy(false);
    if (failure) toast.error(TEXT.genericError);
    else toast.success(T.saved);
  }

  return (
    <Wrapper>
      <h1>{T.title}</h1>
      <Scroll>
        <table>
          <thead>
            <tr>
              <th scope="col">{T.eventColumn}</th>
              {CHANNELS.map((channel) => (
                <th key={channel} scope="col">
                  {T.channels[channel]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.label}</th>
                {CHANNELS.map((channel) => (
                  <td key={channel}>
                    <input
                      type="checkbox"
                      aria-label={`${row.label} — ${T.channels[channel]}`}
                      checked={row.channels[channel]}
                      onChange={() => toggle(row, channel)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
      {coaches.length > 0 ? (
        <fieldset>
          <legend>{T.coaches}</legend>
          <Hint>{T.coachesHint}</Hint>
          {coaches.map((coach) => (
            <label key={coach._id}>
              <input type="checkbox" checked={followed.has(coach._id)} onChange={() => toggleCoach(coach)} />
              {coach.username}
            </label>
          ))}
        </fieldset>
      ) : null}
      {pushMessage ? <PushStatus role="status">{pushMessage}</PushStatus> : null}
      <Button type="button" disabled={busy} onClick={() => void save()}>
        {T.save}
      </Button>
    </Wrapper>
  );
}

const PushStatus = styled.p`
  margin: 0;
  max-width: 60ch;
  font-size: 14px;
  color: var(--muted);
`;

const Hint = styled.p`
  margin: 0;
  font-size: 14px;
  color: var(--muted);
`;

/** A narrow screen scrolls the matrix, never the page. */
const Scroll = styled.div`
  max-width: 100%;
  overflow-x: auto;
`;

const Wrapper = styled.div`
  padding: 24px 32px;
  display: grid;
  gap: 16px;
  justify-items: start;
  @media (max-width: 600px) {
    padding: 16px;
  }
  & h1 {
    margin: 0;
  }
  & table {
    border-collapse: collapse;
  }
  & th,
  & td {
    padding: 6px 12px;
    text-align: center;
  }
  & th[scope='row'],
  & thead th:first-child {
    text-align: left;
    font-weight: 500;
  }
  & td input {
    width: 22px;
    height: 22px;
    margin: 11px;
  }
  /* On a phone the matrix fits the screen: narrow cells, the 44px checkbox targets kept. */
  @media (max-width: 600px) {
    & th,
    & td {
      padding: 4px 2px;
    }
    & thead th {
      font-size: 13px;
    }
  }
  & fieldset {
    border: 1px solid var(--border);
    border-radius: 8px;
    display: grid;
    gap: 6px;
  }
  & fieldset label {
    display: flex;
    align-items: center;
    gap: 10px;
    min-height: 44px;
  }
`;
