import { styled } from '@linaria/react';
import { useEffect, useState } from 'react';
import type { AdBanner, UpsellBanner } from '../../contract/banners';
import type { User } from '../../contract/user';
import { SUBSCRIPTIONS_TEXT } from '../../domain/subscriptions-text-fr';
import { isBannerActive, upsellBannerBlocks } from '../../domain/upsell';
import { Button, Card, buttonClass } from '../common/ui';
import { useNow } from '../use-now';
import { formatDate } from './subscription-summary';

const T = SUBSCRIPTIONS_TEXT;
/** Copy confirmation shown for 2 seconds (spec 1 §4, §9). */
export const COPIED_MS = 2000;

/** The ad banner while it runs (spec 1 §4): its text, dates, countdown and coupon. */
export function AdBannerCard(props: { banner: AdBanner | null; onUseCode: (code: string) => void }) {
  const now = useNow(1000);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const { banner } = props;
  if (!banner || !isBannerActive(banner, now)) return null;
  const code = banner.codecoupon?.trim() || null;
  return (
    <Ad aria-label="Offre du moment">
      {banner.image ? <img src={banner.image} alt="" /> : null}
      <div>
        <p>{banner.texte}</p>
        <small>{T.adFrom(formatDate(banner.datedebut), formatDate(banner.datefin))}</small>
        {banner.affichecompteur ? (
          <p role="timer" aria-label={T.adCountdown}>
            {T.adCountdown} <strong>{countdown(Date.parse(banner.datefin) - now.getTime())}</strong>
          </p>
        ) : null}
        {code ? (
          <CodeRow>
            <strong>{T.adCode(code)}</strong>
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                void navigator.clipboard?.writeText(code).catch(() => {});
                setCopied(true);
              }}
            >
              {T.copy}
            </Button>
            <Button type="button" onClick={() => props.onUseCode(code)}>
              {T.useCode}
            </Button>
            {copied ? <span role="status">{T.copied}</span> : null}
          </CodeRow>
        ) : null}
      </div>
    </Ad>
  );
}

/** '2 j 03 h 04 min 05 s' until the banner ends. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(Math.floor((total % 86_400) / 3600))} h ${pad(Math.floor((total % 3600) / 60))} min ${pad(total % 60)} s`;
  return days > 0 ? `${days} j ${time}` : time;
}

/** The upsell blocks the member does not hold yet (spec 1 §6, src/domain/upsell.ts). */
export function UpsellBanners(props: { user: User; banner: UpsellBanner | null; now: Date }) {
  const blocks = upsellBannerBlocks(props.user, props.banner, props.now);
  if (!props.banner || blocks.length === 0) return null;
  const banner = props.banner;
  return (
    <Card aria-labelledby="upsell-title">
      <h2 id="upsell-title">{T.upsellTitle}</h2>
      <Blocks>
        {blocks.map((block) => (
          <li key={block} aria-label={block}>
            {banner[block].image ? <img src={banner[block].image} alt="" /> : null}
            <p>{banner[block].texte}</p>
            <a className={buttonClass} href={banner[block].url}>
              {T.upsellCta}
            </a>
          </li>
        ))}
      </Blocks>
    </Card>
  );
}

const Ad = styled.section`
  display: flex;
  gap: 16px;
  padding: 20px;
  border-radius: var(--radius);
  /* --accent-contrast reads on both ends of the gradient, in both themes (5.2:1 at least). */
  background: linear-gradient(120deg, var(--gold), var(--accent));
  color: var(--accent-contrast);
  & img {
    width: 96px;
    height: 96px;
    object-fit: cover;
    border-radius: 8px;
  }
  & p {
    margin: 0 0 6px;
    font-weight: 600;
  }
  & button[data-variant='ghost'] {
    color: var(--accent-contrast);
    border-color: var(--accent-contrast);
  }
  @media (max-width: 600px) {
    flex-direction: column;
  }
`;
const CodeRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
  margin-top: 8px;
`;
const Blocks = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 12px;
  & li {
    display: grid;
    gap: 8px;
    justify-items: start;
    padding: 12px;
    border: 1px solid var(--border);
    border-radius: 8px;
  }
  & img {
    width: 100%;
    border-radius: 6px;
  }
  & p {
    margin: 0;
  }
`;
