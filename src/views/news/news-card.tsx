import { memo } from 'react';
import { Link } from 'wouter';
import type { Article } from '../../contract/home-content';
import { dayMonthTime } from '../../domain/dates-fr';
import { hasEmbeddedMedia, isNew, previewContent, previewTitle } from '../../domain/news-rules';
import { NEWS_TEXT } from '../../domain/news-text-fr';
import { CardBody, CardBox, CardCategory, CardMeta, cardLink, Cover, CoverBadge, DrawnCover } from '../common/content-card';
import { Icon } from '../common/icons';
import { articlePath } from './article-path';
import { styled } from '@linaria/react';

/**
 * One article of the list (spec 3 §2): 'NOUVEAU' for 3 days, the title cut at 37 characters and
 * the content at 180, the picture only when the content has no video, image or audio of its own
 * (a drawn cover otherwise), the date ('dd MMM HH:mm' in French) and the category. The title is
 * the link to `/news/{slug}`, stretched over the whole card.
 */
export const NewsCard = memo(function NewsCard({ article, now }: { article: Article; now: Date }) {
  const a = article.attributes;
  const picture = a.picture && !hasEmbeddedMedia(a.content) ? a.picture.url : null;
  return (
    <li>
      <CardBox>
        <Cover>
          {picture ? (
            <img src={picture} alt="" loading="lazy" width={320} height={180} />
          ) : (
            <DrawnCover aria-hidden="true">
              <Icon name="news" size={40} />
            </DrawnCover>
          )}
          {isNew(article, now) ? <CoverBadge>{NEWS_TEXT.newBadge}</CoverBadge> : null}
        </Cover>
        <CardBody>
          <h2>
            <Link href={articlePath(a.slug)} className={cardLink}>
              {previewTitle(article)}
            </Link>
          </h2>
          <Preview>{previewContent(article)}</Preview>
          <CardMeta>
            <time dateTime={a.date}>{dayMonthTime(new Date(a.date))}</time>
            <CardCategory>{a.category.name}</CardCategory>
          </CardMeta>
        </CardBody>
      </CardBox>
    </li>
  );
});

const Preview = styled.p`
  margin: 0;
  color: var(--text);
  font-size: 14px;
  line-height: 1.45;
  overflow-wrap: anywhere;
`;
