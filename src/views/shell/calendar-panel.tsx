import { styled } from '@linaria/react';
import { googleCalendarUrl, planningIcs } from '../../domain/calendar';
import { hourMinute, weekdayDayMonthTime } from '../../domain/dates-fr';
import { TEXT } from '../../domain/text-fr';
import { Dialog, DialogActions } from '../common/dialog';
import { toast } from '../common/toast';
import { Button } from '../common/ui';
import { useNow } from '../use-now';
import { usePlanning } from './use-planning';

/** Calendrier: the coming lives, each with a Google calendar link, and an .ics of them all. */
export function CalendarPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const now = useNow();
  const upcoming = usePlanning().filter((item) => Date.parse(item.attributes.dateFin) > now.getTime());

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
    <Dialog title={TEXT.calendarTitle} open={open} onClose={onClose} wide>
      {upcoming.length === 0 ? (
        <p>{TEXT.calendarEmpty}</p>
      ) : (
        <Lives>
          {upcoming.map((item) => (
            <li key={item.id}>
              <div>
                <strong>{item.attributes.name}</strong>
                <span>
                  {weekdayDayMonthTime(new Date(item.attributes.date))} –{' '}
                  {hourMinute(new Date(item.attributes.dateFin))} · {item.attributes.speaker}
                </span>
              </div>
              <a href={googleCalendarUrl(item)} target="_blank" rel="noopener noreferrer">
                {TEXT.calendarGoogle}
              </a>
            </li>
          ))}
        </Lives>
      )}
      <DialogActions>
        <Button variant="ghost" type="button" onClick={onClose}>
          {TEXT.close}
        </Button>
        <Button type="button" onClick={downloadIcs} disabled={upcoming.length === 0}>
          {TEXT.calendarIcs}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const Lives = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  max-height: 55vh;
  overflow-y: auto;
  display: grid;
  gap: 10px;
  & li {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 12px;
    padding: 10px 12px;
    border: 1px solid var(--border);
    border-radius: 8px;
  }
  & div {
    display: grid;
  }
  & span {
    color: var(--muted);
    font-size: 14px;
  }
  & a {
    white-space: nowrap;
    font-size: 14px;
  }
`;
