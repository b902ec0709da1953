import { styled } from '@linaria/react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { ARTICLE_CATEGORY, HOME_TOOL_IDS } from '../../contract/home-content';
import { dayMonthTime } from '../../domain/dates-fr';
import { HOME_TEXT } from '../../domain/home-text-fr';
import { previewContent } from '../../domain/news-rules';
import { homeArticles$, latestArticleOf$, toolsByIds$ } from '../../store/home-queries';
import { latestReplay$ } from '../../store/replay-queries';
import { useQuery } from '../common/use-query';
import { useApp } from '../app-context';
import { Icon } from '../common/icons';
import { buttonClass } from '../common/ui';
import { articlePath } from '../news/article-path';
import { HomeCard } from './home-card';

/** The audio player's rates (spec 3 §9, 'another reading' for the audio player). */
const AUDIO_RATES = [1, 1.5, 2] as const;

/** Morning Mood (category 9): the newest audio article, with its player and speeds. */
export function MorningMoodCard() {
  const article = useQuery((db) => latestArticleOf$(db, ARTICLE_CATEGORY.MORNING_MOOD), [], null);
  const audio = useRef<HTMLAudioElement>(null);
  if (!article) return null;
  return (
    <HomeCard title={HOME_TEXT.morningMood} icon="mic">
      <p>
        <strong>{article.attributes.title}</strong>
        <br />
        <small>{dayMonthTime(new Date(article.attributes.date))}</small>
      </p>
      {article.attributes.audio ? (
        <>
          <Audio ref={audio} controls preload="none" src={article.attributes.audio} aria-label={article.attributes.title} />
          <Rate>
            {HOME_TEXT.playbackRate}
            <select
              defaultValue="1"
              onChange={(event) => {
                if (audio.current) audio.current.playbackRate = Number(event.target.value);
              }}
            >
              {AUDIO_RATES.map((rate) => (
                <option key={rate} value={rate}>
                  {`×${String(rate).replace('.', ',')}`}
                </option>
              ))}
            </select>
          </Rate>
        </>
      ) : (
        <p>{previewContent(article)}</p>
      )}
    </HomeCard>
  );
}

/** The DailyBrief (category 12): the newest one's preview and a link to read it. */
export function DailyBriefCard() {
  const article = useQuery((db) => latestArticleOf$(db, ARTICLE_CATEGORY.DAILY_BRIEF), [], null);
  if (!article) return null;
  return (
    <HomeCard title={HOME_TEXT.dailyBrief} icon="news">
      <p>
        <strong>{article.attributes.title}</strong>
        <br />
        <small>{dayMonthTime(new Date(article.attributes.date))}</small>
      </p>
      <p>{previewContent(article)}</p>
      <div className="actions">
        <Link className={buttonClass} data-variant="ghost" href={articlePath(article.attributes.slug)} aria-label={`${HOME_TEXT.readArticle} : ${article.attributes.title}`}>
          {HOME_TEXT.readArticle}
        </Link>
      </div>
    </HomeCard>
  );
}

/** The latest other articles. */
export function ArticlesCard() {
  const articles = useQuery(homeArticles$, [], null);
  if (articles === null || articles.length === 0) return null;
  return (
    <HomeCard title={HOME_TEXT.articles} icon="news">
      <List>
        {articles.map((article) => (
          <li key={article.id}>
            <Link href={articlePath(article.attributes.slug)}>{article.attributes.title}</Link>
            <small>
              {article.attributes.category.name} · {dayMonthTime(new Date(article.attributes.date))}
            </small>
          </li>
        ))}
      </List>
    </HomeCard>
  );
}

/** The newest replay: 'Visionner' for VIPs, the lock for others. */
export function ReplayCard() {
  const replay = useQuery(latestReplay$, [], null);
  // The replays' sync loads its first page into the store (it loads with the first screen that shows replays).
  const { replays } = useApp();
  useEffect(() => void replays.get(), [replays]);
  if (!replay) return null;
  const { title, date, category, author } = replay.attributes;
  return (
    <HomeCard title={HOME_TEXT.replayTitle} icon="replay">
      <p>
        <strong>{title}</strong>
        <br />
        <small>
          {category} · {dayMonthTime(new Date(date))}
          {author ? ` · ${author.name}` : ''}
        </small>
      </p>
      <div className="actions">
        {replay.locked ? (
          <span className="locked">
            <Icon name="lock" size={16} />
            {HOME_TEXT.replayLocked}
          </span>
        ) : (
          <Link className={buttonClass} href={`/replay/${encodeURIComponent(replay.attributes.slug)}`} aria-label={`${HOME_TEXT.replayWatch} : ${title}`}>
            <Icon name="play" size={16} />
            {HOME_TEXT.replayWatch}
          </Link>
        )}
        <Link href="/replay">{HOME_TEXT.replaysAll}</Link>
      </div>
    </HomeCard>
  );
}

/** Tools 55 'Carnet de Bord' and 56 'Crypto Board' (spec 3 §2, §9). */
export function ToolCards() {
  const tools = useQuery((db) => toolsByIds$(db, HOME_TOOL_IDS), [], []);
  return (
    <>
      {tools.map((tool) => (
        <HomeCard key={tool.id} title={tool.attributes.name} icon="tools">
          {tool.attributes.picture ? <Picture src={tool.attributes.picture.url} alt="" loading="lazy" /> : null}
          <p>{tool.attributes.subtitle}</p>
          <div className="actions">
            <Link className={buttonClass} data-variant="ghost" href={`/tools/${tool.id}`} aria-label={`${HOME_TEXT.toolOpen} : ${tool.attributes.name}`}>
              {HOME_TEXT.toolOpen}
            </Link>
          </div>
        </HomeCard>
      ))}
    </>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 4px;
  & li {
    display: grid;
    min-height: 44px;
    align-content: center;
  }
  & a {
    color: var(--text);
    font-weight: 600;
  }
  & small {
    color: var(--muted);
  }
`;

const Audio = styled.audio`
  width: 100%;
`;

const Rate = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  & select {
    min-height: 44px;
    padding: 0 8px;
    border: 1px solid var(--border);
    border-radius: 8px;
    background: var(--surface);
    color: var(--text);
  }
`;

const Picture = styled.img`
  width: 100%;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  border-radius: 8px;
`;
