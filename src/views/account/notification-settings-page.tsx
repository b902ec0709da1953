import { styled } from '@linaria/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { toast } from '../common/toast';
import { fromPromise } from 'xstate';
import { GENERAL_NOTIFICATION_KEYS, GLOBAL_NOTIFICATION_KEYS, HIDDEN_GLOBAL_NOTIFICATION_KEYS, type Coach, type NotificationChannels, type NotificationSettings } from '../../contract/account';
import { TEXT } from '../../domain/text-fr';
import { WEB_PUSH_MESSAGE, webPushMachine, type PermissionAnswer, type WebPushState } from '../../machines/web-push-machine';
import { rooms$ } from '../../store/chat-queries';
import type { RoomDoc } from '../../store/schemas';
import { useApp } from '../app-context';
import { useQuery } from '../chat/use-chat';
import { Button, ErrorText } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';

const CHANNELS: { key: keyof NotificationChannels; label: string }[] = [
  { key: 'mobile', label: 'Mobile' },
  { key: 'mail', label: 'E-mail' },
  { key: 'web', label: 'Web' },
];
const LABELS: Record<string, string> = {
  newAlert: 'Nouvelle notification',
  newReply: 'Réponse à mes messages',
  mention: 'Mention',
  privateMessage: 'Message privé',
  liveStarting: 'Début de live',
};
const SAVED = 'Mise à jour effectuée';

/** Any Web box ticked: this browser should then be subscribed to web push. */
const wantsWeb = (settings: NotificationSettings): boolean =>
  [settings.general, settings.rooms, settings.global].some((table) => Object.values(table).some((row: NotificationChannels) => row.web));

/**
 * `/profil/notif`: the Mobile / E-mail / Web matrix and the coaches followed (spec 1 §2, §3).
 * Turning a Web box on, or saving with one on, subscribes this browser to web push when it can.
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
  usePageTitle('Préférences de notification');

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

  if (error) return <ErrorText role="alert">{error}</ErrorText>;
  if (!settings) return <p style={{ padding: 32 }}>Chargement…</p>;

  const toggle = (group: 'general' | 'global' | 'rooms', key: string, channel: keyof NotificationChannels) => {
    const table = settings[group] as Record<string, NotificationChannels>;
    const row = table[key] ?? { mobile: false, mail: false, web: false };
    setSettings({ ...settings, [group]: { ...table, [key]: { ...row, [channel]: !row[channel] } } });
    // Asked within the click: browsers only show the permission prompt after a gesture.
    if (channel === 'web' && !row.web) webPush.send({ type: 'push.enable' });
  };
  const followed = new Set(settings.coaches.map((c) => c._id));

  async function save() {
    if (!settings) return;
    if (wantsWeb(settings)) webPush.send({ type: 'push.enable' });
    const failure = await accounts.saveNotificationSettings(settings);
    if (failure) toast.error(TEXT.genericError);
    else toast.success(SAVED);
  }

  const rows = (group: 'general' | 'global' | 'rooms', keys: { key: string; label: string }[]) =>
    keys.map(({ key, label }) => {
      const row = (settings[group] as Record<string, NotificationChannels>)[key] ?? { mobile: false, mail: false, web: false };
      return (
        <tr key={`${group}:${key}`}>
          <th scope="row">{label}</th>
          {CHANNELS.map((channel) => (
            <td key={channel.key}>
              <input type="checkbox" aria-label={`${label} — ${channel.label}`} checked={row[channel.key]} onChange={() => toggle(group, key, channel.key)} />
            </td>
          ))}
        </tr>
      );
    });

  return (
    <Wrapper>
      <h1>Préférences de notification</h1>
      <table>
        <thead>
          <tr>
            <th />
            {CHANNELS.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows('general', GENERAL_NOTIFICATION_KEYS.map((key) => ({ key, label: LABELS[key] ?? key })))}
          {rows('rooms', rooms.filter((r) => r.canRead).map((r) => ({ key: r.id, label: `Room ${r.name}` })))}
          {rows(
            'global',
            GLOBAL_NOTIFICATION_KEYS.filter((key) => !(HIDDEN_GLOBAL_NOTIFICATION_KEYS as readonly string[]).includes(key)).map((key) => ({ key, label: LABELS[key] ?? key })),
          )}
        </tbody>
      </table>
      {coaches.length > 0 ? (
        <fieldset>
          <legend>Coachs suivis</legend>
          {coaches.map((coach) => (
            <label key={coach._id}>
              <input
                type="checkbox"
                checked={followed.has(coach._id)}
                onChange={() =>
                  setSettings((current) =>
                    current && { ...current, coaches: followed.has(coach._id) ? current.coaches.filter((c) => c._id !== coach._id) : [...current.coaches, coach] },
                  )
                }
              />{' '}
              {coach.username}
            </label>
          ))}
        </fieldset>
      ) : null}
      {pushMessage ? <PushStatus role="status">{pushMessage}</PushStatus> : null}
      <Button type="button" onClick={() => void save()}>
        Enregistrer
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

const Wrapper = styled.div`
  padding: 24px 32px;
  display: grid;
  gap: 16px;
  justify-items: start;
  & table {
    border-collapse: collapse;
  }
  & th,
  & td {
    padding: 6px 12px;
    text-align: center;
  }
  & th[scope='row'] {
    text-align: left;
    font-weight: 500;
  }
  & fieldset {
    border: 1px solid var(--border);
    border-radius: 8px;
    display: grid;
    gap: 6px;
  }
`;
