import { styled } from '@linaria/react';
import { webAddress } from '../../domain/content-links';
import { CONTENT_TEXT } from '../../domain/content-text-fr';
import { Icon } from '../common/icons';
import { buttonClass } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { visuallyHidden } from '../common/visually-hidden';
import { ContentPage } from './content-page';
import { ConfiguredFrame } from './external-frame';
import { useRefresh, useSiteLinks } from './use-landing';

/**
 * `/profil/avis` (spec 3 §2 "Review page"), routed only when the member's displayAvis is set:
 * 'Votre avis compte !', the configured review widget and a link to write a review.
 */
export function ReviewPage() {
  usePageTitle(CONTENT_TEXT.reviewTitle);
  const links = useSiteLinks();
  const refresh = useRefresh('siteLinks', (sync) => sync.refreshSiteLinks());
  const write = webAddress(links?.reviewUrl);
  return (
    <ContentPage>
      <h1>{CONTENT_TEXT.reviewTitle}</h1>
      <p data-intro="">{CONTENT_TEXT.reviewIntro}</p>
      {write !== null ? (
        <Write href={write} target="_blank" rel="noopener noreferrer" className={buttonClass}>
          <Icon name="edit" size={18} />
          {CONTENT_TEXT.reviewWrite}
          <span className={visuallyHidden}> {CONTENT_TEXT.opensInNewTab}</span>
        </Write>
      ) : null}
      <ConfiguredFrame
        src={webAddress(links?.reviewWidgetUrl)}
        refresh={refresh}
        title={CONTENT_TEXT.reviewFrame}
        openText={CONTENT_TEXT.reviewOpen}
        blockedText={CONTENT_TEXT.reviewBlocked}
        loadingText={CONTENT_TEXT.reviewLoading}
        height="min(70vh, 720px)"
      />
    </ContentPage>
  );
}

const Write = styled.a`
  min-height: 44px;
  margin-bottom: 16px;
`;
