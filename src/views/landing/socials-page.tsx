import { styled } from '@linaria/react';
import { memo } from 'react';
import type { SocialMedia } from '../../contract/landing';
import { webAddress } from '../../domain/content-links';
import { CONTENT_TEXT } from '../../domain/content-text-fr';
import { capitalise, socialNetworkOf, type SocialNetwork } from '../../domain/socials';
import { Icon, type IconName } from '../common/icons';
import { buttonClass } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { CARD_BODY, CARD_BOX, CARD_PICTURE } from '../common/card-styles';
import { ContentPage, RefreshedCards } from './content-page';
import { useRefresh, useSocials } from './use-landing';

/** `/socials` (spec 3 §2 "Socials"): a card per network with its capitalised title, description, picture and 'Suivre'. */
export function SocialsPage() {
  usePageTitle(CONTENT_TEXT.socialsTitle);
  const socials = useSocials();
  const refresh = useRefresh('socials', (sync) => sync.refreshSocials());
  return (
    <ContentPage>
      <h1>{CONTENT_TEXT.socialsTitle}</h1>
      <p data-intro="">{CONTENT_TEXT.socialsIntro}</p>
      <RefreshedCards items={socials} refresh={refresh} label={CONTENT_TEXT.socialsList} loadingText={CONTENT_TEXT.socialsLoading} emptyText={CONTENT_TEXT.socialsEmpty}>
        {(shown) => shown.map((social) => <SocialCard key={social.id} social={social} />)}
      </RefreshedCards>
    </ContentPage>
  );
}

const NETWORK_ICONS: Record<SocialNetwork, IconName> = {
  twitter: 'twitter',
  youtube: 'youtube',
  instagram: 'instagram',
  tiktok: 'tiktok',
  telegram: 'telegram',
  discord: 'discord',
  linkedin: 'linkedin',
  facebook: 'facebook',
  other: 'socials',
};

const SocialCard = memo(function SocialCard({ social }: { social: SocialMedia }) {
  const network = socialNetworkOf(social.type);
  const networkName = CONTENT_TEXT.network[network];
  const title = capitalise(social.title);
  const link = webAddress(social.link);
  return (
    <li>
      <Card data-network={network}>
        {social.picture ? <Picture src={social.picture} alt="" loading="lazy" width={320} height={180} /> : null}
        <Body>
          <Tag data-twitter={network === 'twitter' || undefined}>
            <Icon name={NETWORK_ICONS[network]} size={18} />
            {networkName}
          </Tag>
          <h2>{title}</h2>
          <p>{social.description}</p>
          {link !== null ? (
            <a href={link} target="_blank" rel="noopener noreferrer" className={buttonClass} aria-label={CONTENT_TEXT.followOn(title, networkName)}>
              {CONTENT_TEXT.follow}
              <Icon name="external" size={16} />
            </a>
          ) : null}
        </Body>
      </Card>
    </li>
  );
});

const Card = styled.article`
  ${CARD_BOX}
`;

const Picture = styled.img`
  ${CARD_PICTURE}
`;

const Body = styled.div`
  ${CARD_BODY}
  & p {
    font-size: 14px;
  }
`;

/** The network, drawn and named; the twitter type is flagged (spec 3 §2) with the accent's colours. */
const Tag = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 2px 10px 2px 8px;
  border-radius: 999px;
  border: 1px solid var(--border);
  color: var(--text);
  font-size: 13px;
  font-weight: 600;
  &[data-twitter] {
    border-color: var(--text);
    background: var(--text);
    color: var(--surface);
  }
`;
