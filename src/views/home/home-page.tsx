import { styled } from '@linaria/react';
import { Link, useLocation } from 'wouter';
import { weekdayDayMonthYear } from '../../domain/dates-fr';
import { vipStatus } from '../../domain/home-dashboard';
import { HOME_TEXT } from '../../domain/home-text-fr';
import { adBanner$, upsellBanner$ } from '../../store/queries';
import { AlertSummary } from '../alerts/alert-summary';
import { useQuery } from '../common/use-query';
import { Icon } from '../common/icons';
import { usePageTitle } from '../common/use-page-title';
import { AdBannerCard, UpsellBanners } from '../subscriptions/promo-banners';
import { useCurrentUser } from '../use-current-user';
import { useNow } from '../use-now';
import { ArticlesCard, DailyBriefCard, MorningMoodCard, ReplayCard, ToolCards } from './content-cards';
import { LiveCard } from './live-card';
import { PollCard } from './poll-card';

/**
 * `/` signed in (spec 3 §2): the VIP status, the live card, the latest alerts, the poll, Morning
 * Mood, the DailyBrief and other articles, the newest replay, tools 55 and 56, and the banners
 * while they run. Everything is read from the store; the content sync and the subscriptions keep it fresh.
 */
export function HomePage() {
  usePageTitle(HOME_TEXT.pageTitle);
  const user = useCurrentUser();
  const now = useNow(60_000);
  const [, navigate] = useLocation();
  const ad = useQuery(adBanner$, [], null);
  const upsell = useQuery(upsellBanner$, [], null);
  if (!user) return null;
  const name = user.metadata.firstName || user.username;
  const status = vipStatus(user, now);
  return (
    <Page>
      <h1>{HOME_TEXT.hello(name)}</h1>
      <Status data-kind={status.kind}>
        <Icon name={status.kind === 'none' ? 'lock' : 'star'} size={18} />
        {status.kind === 'running' ? (
          <span>{HOME_TEXT.vipRunning(status.days, weekdayDayMonthYear(status.expiry))}</span>
        ) : status.kind === 'unlimited' ? (
          <span>{HOME_TEXT.vipUnlimited}</span>
        ) : status.kind === 'coach' ? (
          <span>{HOME_TEXT.vipCoach}</span>
        ) : (
          <>
            <span>{HOME_TEXT.vipNone}</span>
            <Link href="/profil/abonnements">{HOME_TEXT.discoverOffers}</Link>
          </>
        )}
      </Status>
      <AdBannerCard banner={ad} onUseCode={() => navigate('/profil/abonnements')} />
      <Grid>
        <LiveCard user={user} />
        <PollCard />
        <MorningMoodCard />
        <ReplayCard />
        <DailyBriefCard />
        <ArticlesCard />
        <ToolCards />
      </Grid>
      <AlertSummary />
      <UpsellBanners user={user} banner={upsell} now={now} />
    </Page>
  );
}

const Page = styled.div`
  display: grid;
  gap: 16px;
  padding: 24px 32px 40px;
  max-width: 1400px;
  & h1 {
    margin: 0;
    font-size: 26px;
  }
  @media (max-width: 768px) {
    padding: 16px;
  }
`;

const Status = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin: 0;
  padding: 10px 14px;
  border-radius: 10px;
  background: var(--surface-2);
  & a {
    color: var(--accent);
    font-weight: 600;
    min-height: 44px;
    display: inline-flex;
    align-items: center;
  }
  &[data-kind='running'],
  &[data-kind='unlimited'] {
    border-left: 4px solid var(--gold);
  }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
  gap: 16px;
  align-items: stretch;
`;
