import { webAddress } from '../../domain/content-links';
import { CONTENT_TEXT } from '../../domain/content-text-fr';
import { usePageTitle } from '../common/use-page-title';
import { ContentPage } from './content-page';
import { ConfiguredFrame } from './external-frame';
import { useRefresh, useSiteLinks } from './use-landing';

/** `/shop` (spec 3 §2 "Shop"): the configured external shop embedded, with a link to open it in a new tab. */
export function ShopPage() {
  usePageTitle(CONTENT_TEXT.shopTitle);
  const links = useSiteLinks();
  const refresh = useRefresh('siteLinks', (sync) => sync.refreshSiteLinks());
  return (
    <ContentPage>
      <h1>{CONTENT_TEXT.shopTitle}</h1>
      <p data-intro="">{CONTENT_TEXT.shopIntro}</p>
      <ConfiguredFrame
        src={webAddress(links?.shopUrl)}
        refresh={refresh}
        title={CONTENT_TEXT.shopFrame}
        openText={CONTENT_TEXT.shopOpen}
        blockedText={CONTENT_TEXT.shopBlocked}
        loadingText={CONTENT_TEXT.shopLoading}
        height="min(80vh, 900px)"
      />
    </ContentPage>
  );
}
