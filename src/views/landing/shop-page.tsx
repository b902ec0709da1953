import { CONTENT_TEXT } from '../../domain/content-text-fr';
import { SiteFramePage } from './external-frame';

/** `/shop` (spec 3 §2 "Shop"): the configured external shop embedded, with a link to open it in a new tab. */
export function ShopPage() {
  return (
    <SiteFramePage
      heading={CONTENT_TEXT.shopTitle}
      intro={CONTENT_TEXT.shopIntro}
      frame="shopUrl"
      title={CONTENT_TEXT.shopFrame}
      openText={CONTENT_TEXT.shopOpen}
      blockedText={CONTENT_TEXT.shopBlocked}
      loadingText={CONTENT_TEXT.shopLoading}
      height="min(80vh, 900px)"
    />
  );
}
