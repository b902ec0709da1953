import { styled } from '@linaria/react';
import { memo } from 'react';
import { Link } from 'wouter';
import type { Tool } from '../../contract/home-content';
import { CONTENT_TEXT } from '../../domain/content-text-fr';
import { formatEuros, toolDisplayPrice } from '../../domain/toolbox';
import { CARD_BODY, CARD_BOX } from '../common/card-styles';
import { Cover, DrawnCover } from '../common/content-card';
import { Icon } from '../common/icons';
import { buttonClass } from '../common/ui';

export const toolPath = (id: number) => `/tools/${id}`;

/** One tool of the toolbox: picture, name, subtitle, the price × 1.2 rounded, and 'Voir' (spec 3 §2). */
export const ToolCard = memo(function ToolCard({ tool }: { tool: Tool }) {
  const a = tool.attributes;
  const price = toolDisplayPrice(a.price);
  return (
    <li>
      <Card>
        <Cover>
          {a.picture ? (
            <img src={a.picture.url} alt="" loading="lazy" width={320} height={180} />
          ) : (
            <DrawnCover aria-hidden="true">
              <Icon name="tools" size={40} />
            </DrawnCover>
          )}
        </Cover>
        <Body>
          <h2>{a.name}</h2>
          <p>{a.subtitle}</p>
          <Foot>
            <Price data-testid="tool-price">{price === null ? CONTENT_TEXT.included : formatEuros(price)}</Price>
            <Link href={toolPath(tool.id)} className={buttonClass} aria-label={CONTENT_TEXT.viewTool(a.name)}>
              {CONTENT_TEXT.view}
            </Link>
          </Foot>
        </Body>
      </Card>
    </li>
  );
});

const Card = styled.article`
  ${CARD_BOX}
`;

const Body = styled.div`
  ${CARD_BODY}
  align-items: stretch;
  & p {
    font-size: 14px;
  }
`;

const Foot = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  margin-top: auto;
  padding-top: 8px;
  & a {
    min-height: 44px;
  }
`;

const Price = styled.span`
  font-size: 18px;
  font-weight: 700;
`;
