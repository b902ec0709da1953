import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { weekdayDayMonthTime, hourMinute } from '../../domain/dates-fr';
import { homeLiveAccess } from '../../domain/home-dashboard';
import { HOME_TEXT } from '../../domain/home-text-fr';
import { currentLives, isCurrentLive, nextLive } from '../../domain/live-window';
import type { User } from '../../contract/user';
import { Icon } from '../common/icons';
import { Button, buttonClass } from '../common/ui';
import { useLiveJoin } from '../lives/live-join';
import { usePlanning } from '../shell/use-planning';
import { useNow } from '../use-now';
import { HomeCard } from './home-card';

const CalendarPanel = lazy(() => import('../shell/calendar-panel').then((m) => ({ default: m.CalendarPanel })));

/**
 * The live card (spec 3 §2): the current live, else the earliest live still to end, else 'Aucun
 * live prévu'. Live subscribers get the planning and, while lives are current, 'Accéder au live';
 * a VIP without Live is offered 'Passer au Live'; others are pointed to the offers.
 */
export function LiveCard({ user }: { user: User }) {
  const now = useNow(15_000);
  const planning = usePlanning();
  const live = nextLive(planning, now);
  const current = currentLives(planning, now);
  const access = homeLiveAccess(user, now);
  const { join, dialogs } = useLiveJoin();
  const [planningOpen, setPlanningOpen] = useState(false);
  const isCurrent = live !== null && isCurrentLive(live, now);
  return (
    <HomeCard title={isCurrent ? HOME_TEXT.liveCurrent : HOME_TEXT.liveNext} icon="live" data-live={isCurrent ? '' : undefined}>
      {live ? (
        <p>
          <strong>{live.attributes.name}</strong>
          <br />
          <span>
            {weekdayDayMonthTime(new Date(live.attributes.date))} – {hourMinute(new Date(live.attributes.dateFin))} · {live.attributes.speaker}
          </span>
        </p>
      ) : (
        <p>{HOME_TEXT.liveNone}</p>
      )}
      <div className="actions">
        {access.kind === 'live' ? (
          <>
            {current.length > 0 ? (
              <Button type="button" onClick={() => void join(current)}>
                <Icon name="live" size={18} />
                {HOME_TEXT.liveJoin}
              </Button>
            ) : null}
            <Button type="button" variant="ghost" onClick={() => setPlanningOpen(true)}>
              <Icon name="calendar" size={18} />
              {HOME_TEXT.livePlanning}
            </Button>
          </>
        ) : access.kind === 'upgradeLive' ? (
          <Link className={buttonClass} href={access.href}>
            {HOME_TEXT.upgradeLive}
          </Link>
        ) : (
          <>
            <small>{HOME_TEXT.liveOffersHint}</small>
            <Link className={buttonClass} href={access.href}>
              {HOME_TEXT.discoverOffers}
            </Link>
          </>
        )}
      </div>
      {dialogs}
      {planningOpen ? (
        <Suspense fallback={null}>
          <CalendarPanel open title={HOME_TEXT.planningTitle} onClose={() => setPlanningOpen(false)} />
        </Suspense>
      ) : null}
    </HomeCard>
  );
}
