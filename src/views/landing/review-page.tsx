import { styled } from '@linaria/react';
import { webAddress } from '../../domain/content-links';
import { CONTENT_TEXT } from '../../domain/content-text-fr';
import { Icon } from '../common/icons';
import { buttonClass } from '../common/ui';
import { visuallyHidden } from '../common/visually-hidden';
import { SiteFramePage } from './external-frame';

/**
 * `/profil/avis` (spec 3 §2 "Review page"), routed only when the member's displayAvis is set:
 * 'Votre avis compte !', the configured review widget and a link to write a review.
 */
export function ReviewPage() {
  return (
    <SiteFramePage
      heading={CONTENT_TEXT.reviewTitle}
      intro={CONTENT_TEXT.reviewIntro}
      before={(links) => {
        const write = webAddress(links?.reviewUrl);
        return write === null ? null : (
          <Write href={write} target="_blank" rel="noopener noreferrer" className={buttonClass}>
            <Icon name="edit" size={18} />
            {CONTENT_TEXT.reviewWrite}
            <span className={visuallyHidden}> {CONTENT_TEXT.opensInNewTab}</span>
          </Write>
        );
      }}
      frame="reviewWidgetUrl"
      title={CONTENT_TEXT.reviewFrame}
      openText={CONTENT_TEXT.reviewOpen}
      blockedText={CONTENT_TEXT.reviewBlocked}
      loadingText={CONTENT_TEXT.reviewLoading}
      height="min(70vh, 720px)"
    />
  );
}

const Write = styled.a`
  min-height: 44px;
  margin-bottom: 16px;
`;
