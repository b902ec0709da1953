import { styled } from '@linaria/react';
import type { PlanningItem } from '../../contract/planning';
import { googleCalendarUrl, planningIcs } from '../../domain/calendar';
import { hourMinute, weekdayDayMonth } from '../../domain/dates-fr';
import { HOME_TEXT } from '../../domain/home-text-fr';
import { isCurrentLive } from '../../domain/live-window';
import { TEXT } from '../../domain/text-fr';
import { Icon } from '../common/icons';
import { toast } from '../common/toast';
import { Button } from '../common/ui';
import { useNow } from '../use-now';
import { useLiveJoin } from './live-join';

/**
 * The live planning (spec 3 §2): 6 columns (Jour, Horaire, Programme, Intervenant, calendar, join),
 * 650 px high at most; 'Accéder au live' only on current lives and only for those who may join
 * (`canJoin`); each live's Google calendar link, and the .ics of the lives still to end.
 */
export function PlanningTable({ items, canJoin }: { items: readonly PlanningItem[]; canJoin: boolean }) {
  const now = useNow(15_000);
  const { join, dialogs } = useLiveJoin();
  const upcoming = items.filter((item) => Date.parse(item.attributes.dateFin) > now.getTime());

  function downloadIcs() {
    const ics = planningIcs(upcoming);
    if (!ics.ok) return toast.error(TEXT.genericError);
    const url = URL.createObjectURL(new Blob([ics.value], { type: 'text/calendar;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'comptoir-lives.ics';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <>
      {upcoming.length === 0 ? (
        <p>{HOME_TEXT.planningEmpty}</p>
      ) : (
        <Scroller tabIndex={0} role="region" aria-label={HOME_TEXT.planningTitle}>
          <table>
            <thead>
              <tr>
                <th scope="col">{HOME_TEXT.columns.day}</th>
                <th scope="col">{HOME_TEXT.columns.hours}</th>
                <th scope="col">{HOME_TEXT.columns.programme}</th>
                <th scope="col">{HOME_TEXT.columns.speaker}</th>
                <th scope="col">{HOME_TEXT.columns.calendar}</th>
                <th scope="col">{HOME_TEXT.columns.join}</th>
              </tr>
            </thead>
            <tbody>
              {upcoming.map((item) => {
                const start = new Date(item.attributes.date);
                const current = isCurrentLive(item, now);
                return (
                  <tr key={item.id} data-current={current ? '' : undefined}>
                    <td>{weekdayDayMonth(start)}</td>
                    <td>
                      {hourMinute(start)} – {hourMinute(new Date(item.attributes.dateFin))}
                    </td>
                    <td>{item.attributes.name}</td>
                    <td>{item.attributes.speaker}</td>
                    <td>
                      <a href={googleCalendarUrl(item)} target="_blank" rel="noopener noreferrer" aria-label={HOME_TEXT.addToGoogle(item.attributes.name)}>
                        <Icon name="calendar" size={16} />
                        {HOME_TEXT.googleShort}
                      </a>
                    </td>
                    <td>
                      {current && canJoin ? (
                        <Button type="button" onClick={() => void join([item])} aria-label={`${HOME_TEXT.liveJoin} : ${item.attributes.name}`}>
                          {HOME_TEXT.liveJoin}
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Scroller>
      )}
      <Button variant="ghost" type="button" onClick={downloadIcs} disabled={upcoming.length === 0}>
        <Icon name="download" size={18} />
        {HOME_TEXT.icsDownload}
      </Button>
      {dialogs}
    </>
  );
}

const Scroller = styled.div`
  max-height: 650px;
  overflow: auto;
  margin-bottom: 12px;
  border: 1px solid var(--border);
  border-radius: 8px;
  &:focus-visible {
    outline: 2px solid var(--accent);
    outline-offset: 2px;
  }
  & table {
    width: 100%;
    border-collapse: collapse;
    font-size: 14px;
  }
  & th,
  & td {
    padding: 8px 10px;
    text-align: left;
    border-bottom: 1px solid var(--border);
    vertical-align: middle;
  }
  & thead th {
    position: sticky;
    top: 0;
    background: var(--surface);
    font-weight: 600;
  }
  & tr[data-current] td {
    background: color-mix(in srgb, var(--live) 10%, transparent);
    font-weight: 600;
  }
  & td:first-child::first-letter {
    text-transform: uppercase;
  }
  & a {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    min-height: 44px;
    color: var(--accent);
  }
`;
