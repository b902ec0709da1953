import { styled } from '@linaria/react';
import { memo } from 'react';
import { Link } from 'wouter';
import type { LandingCard, LandingPage, LandingSection } from '../../contract/landing';
import { isAppPath, webAddress } from '../../domain/content-links';
import { CONTENT_TEXT } from '../../domain/content-text-fr';
import { Icon } from '../common/icons';
import { CARD_BODY, CARD_BOX, CARD_PICTURE } from '../common/card-styles';
import { buttonClass } from '../common/ui';
import { visuallyHidden } from '../common/visually-hidden';
import { Prose } from './content-page';

/**
 * A landing page section by section, by kind (spec 3 §2 "Landing content"): hero, rich text,
 * left-right, cards, feature. Rich text is the team's HTML, sanitised on display. The first hero
 * is the page's h1; a page without one gets its title as the h1.
 */
export function LandingSections({ page }: { page: LandingPage }) {
  const firstHero = page.sections.findIndex((s) => s.kind === 'hero');
  return (
    <>
      {firstHero === -1 ? <h1>{page.title}</h1> : null}
      {page.sections.map((section, index) => (
        <Section key={index} section={section} main={index === firstHero} />
      ))}
    </>
  );
}

const Section = memo(function Section({ section, main }: { section: LandingSection; main: boolean }) {
  switch (section.kind) {
    case 'hero':
      return (
        <Hero data-kind="hero">
          {main ? <h1>{section.title}</h1> : <h2>{section.title}</h2>}
          <p>{section.subtitle}</p>
        </Hero>
      );
    case 'richtext':
      return (
        <Block data-kind="richtext">
          <Prose html={section.richtext} />
        </Block>
      );
    case 'leftRight':
      return (
        <Block data-kind="leftRight">
          <h2>{section.title}</h2>
          <Columns>
            <Prose html={section.richtextLeft} />
            <Prose html={section.richtextRight} />
          </Columns>
        </Block>
      );
    case 'cards':
      return (
        <Block data-kind="cards">
          {section.title ? <h2>{section.title}</h2> : null}
          <Cards>
            {section.cards.map((card, index) => (
              <Card key={index} card={card} />
            ))}
          </Cards>
        </Block>
      );
    case 'feature':
      return (
        <Block data-kind="feature">
          <h2>{section.title}</h2>
          <Features>
            {section.features.map((feature, index) => (
              <li key={index}>
                <Icon name="check" size={20} />
                <div>
                  <h3>{feature.title}</h3>
                  <p>{feature.text}</p>
                </div>
              </li>
            ))}
          </Features>
        </Block>
      );
  }
});

function Card({ card }: { card: LandingCard }) {
  const href = webAddress(card.href);
  return (
    <li>
      {card.picture ? <img src={card.picture} alt="" loading="lazy" width={320} height={180} /> : null}
      <div>
        <h3>{card.title}</h3>
        <p>{card.text}</p>
        {href !== null && card.buttonText ? (
          isAppPath(href) ? (
            <Link href={href} className={buttonClass} data-variant="ghost">
              {card.buttonText}
            </Link>
          ) : (
            <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClass} data-variant="ghost">
              {card.buttonText}
              <Icon name="external" size={16} />
              <span className={visuallyHidden}> {CONTENT_TEXT.opensInNewTab}</span>
            </a>
          )
        ) : null}
      </div>
    </li>
  );
}

const Hero = styled.section`
  margin: 0 0 28px;
  padding: 40px 28px;
  border-radius: 16px;
  background:
    radial-gradient(circle at 15% 20%, var(--accent-soft), transparent 55%),
    var(--surface);
  border: 1px solid var(--border);
  & h1,
  & h2 {
    margin: 0 0 10px;
    font-size: clamp(26px, 4vw, 40px);
    line-height: 1.15;
  }
  & p {
    margin: 0;
    max-width: 720px;
    color: var(--muted);
    font-size: 18px;
  }
  @media (max-width: 600px) {
    padding: 24px 16px;
  }
`;

const Block = styled.section`
  margin: 0 0 32px;
  & > h2 {
    margin: 0 0 14px;
    font-size: 22px;
  }
`;

/** Two columns side by side, one above the other on a phone. */
const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 24px;
  @media (max-width: 700px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Cards = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 240px), 1fr));
  gap: 16px;
  margin: 0;
  padding: 0;
  list-style: none;
  & > li {
    ${CARD_BOX}
  }
  & img {
    ${CARD_PICTURE}
  }
  & li > div {
    ${CARD_BODY}
  }
`;

const Features = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 260px), 1fr));
  gap: 16px 24px;
  margin: 0;
  padding: 0;
  list-style: none;
  & li {
    display: flex;
    gap: 10px;
    align-items: flex-start;
  }
  & svg {
    flex: none;
    margin-top: 2px;
    color: var(--accent);
  }
  & h3 {
    margin: 0 0 4px;
    font-size: 16px;
  }
  & p {
    margin: 0;
    color: var(--muted);
  }
`;
