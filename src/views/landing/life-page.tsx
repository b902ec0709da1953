import { Suspense } from 'react';
import { LIFE_PAGE_SLUG } from '../../contract/landing';
import { CONTENT_TEXT } from '../../domain/content-text-fr';
import { DataProvider } from '../app-context';
import { usePageTitle } from '../common/use-page-title';
import { ContentPage, Failure, LoadingStatus } from './content-page';
import { LandingSections } from './landing-sections';
import { PublicFrame } from './public-frame';
import { useLandingPage, useRefresh } from './use-landing';

/**
 * `/life`: the landing page 'life', section by section (spec 3 §2). Landing content is public
 * (spec 3 §6): the same page shows in the shell and, signed out, in the public frame.
 */
export function LifePage() {
  usePageTitle(CONTENT_TEXT.lifeTitle);
  const page = useLandingPage(LIFE_PAGE_SLUG);
  const refresh = useRefresh(LIFE_PAGE_SLUG, (sync) => sync.refreshLandingPage(LIFE_PAGE_SLUG));
  return (
    <ContentPage>
      {page ? (
        <LandingSections page={page} />
      ) : refresh.loading || page === undefined ? (
        <LoadingStatus text={CONTENT_TEXT.pageLoading} />
      ) : (
        <>
          <h1>{CONTENT_TEXT.lifeTitle}</h1>
          {refresh.error === null ? <p>{CONTENT_TEXT.pageMissing}</p> : null}
        </>
      )}
      {refresh.error !== null ? <Failure error={refresh.error} onRetry={refresh.retry} /> : null}
    </ContentPage>
  );
}

/** `/life` for a visitor: the same page, read from the store, in the public frame (shown before the store opens). */
export function PublicLifePage() {
  return (
    <PublicFrame>
      <DataProvider>
        {/* The landing sync loads on first use: the frame stays while it does. */}
        <Suspense fallback={null}>
          <LifePage />
        </Suspense>
      </DataProvider>
    </PublicFrame>
  );
}
