import { memo } from 'react';
import { Link } from 'wouter';
import type { Replay } from '../../contract/replays';
import { dayMonthTime } from '../../domain/dates-fr';
import { REPLAY_TEXT } from '../../domain/replay-text-fr';
import { CardBody, CardBox, CardCategory, CardMeta, cardLink, Cover, CoverBadge, DrawnCover } from '../common/content-card';
import { Icon } from '../common/icons';

export const replayPath = (slug: string) => `/replay/${encodeURIComponent(slug)}`;

/**
 * One replay of the list: its picture (or a drawn cover), title, date ('dd MMM HH:mm' in French),
 * author and category, and a lock when it is reserved to VIP members. The title is the link to
 * `/replay/{slug}`, stretched over the whole card.
 */
export const ReplayCard = memo(function ReplayCard({ replay, locked }: { replay: Replay; locked: boolean }) {
  const a = replay.attributes;
  return (
    <li>
      <CardBox data-locked={locked || undefined}>
        <Cover>
          {a.picture ? (
            <img src={a.picture} alt="" loading="lazy" width={320} height={180} />
          ) : (
            <DrawnCover aria-hidden="true">
              <Icon name="replay" size={40} />
            </DrawnCover>
          )}
          {locked ? (
            <CoverBadge>
              <Icon name="lock" size={16} />
              {REPLAY_TEXT.locked}
            </CoverBadge>
          ) : null}
        </Cover>
        <CardBody>
          <h2>
            <Link href={replayPath(a.slug)} className={cardLink}>
              {a.title}
            </Link>
          </h2>
          <CardMeta>
            <time dateTime={a.date}>{dayMonthTime(new Date(a.date))}</time>
            {a.author ? <span>{a.author.name}</span> : null}
            <CardCategory>{a.category}</CardCategory>
          </CardMeta>
        </CardBody>
      </CardBox>
    </li>
  );
});
