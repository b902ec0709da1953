import { styled } from '@linaria/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { SiteLinks } from '../../contract/landing';
import { webAddress } from '../../domain/content-links';
import { Icon } from '../common/icons';
import { buttonClass } from '../common/ui';
import { visuallyHidden } from '../common/visually-hidden';
import { Failure, LoadingStatus } from './content-page';
import { ContentPage } from './content-page';
import { useRefresh, useSiteLinks, type Refresh } from './use-landing';
import { usePageTitle } from '../common/use-page-title';

/**
 * A frame at an address the server is configured with (the site links): the frame once the
 * address is known, the failure with 'Réessayer' when it could not be read, a spoken status meanwhile.
 */
export function ConfiguredFrame({ src, refresh, ...frame }: FrameProps & { src: string | null; refresh: Refresh }) {
  if (src !== null) return <ExternalFrame src={src} {...frame} />;
  if (refresh.error !== null) return <Failure error={refresh.error} onRetry={refresh.retry} />;
  return <LoadingStatus text={frame.loadingText} />;
}

/**
 * A page around one of the site links' frames (the shop, the review widget): its title, its intro,
 * what `before` draws from the links, then the frame at the link `frame` names.
 */
export function SiteFramePage({ heading, intro, frame, before, ...props }: FrameProps & { heading: string; intro: string; frame: keyof SiteLinks; before?: (links: SiteLinks | null | undefined) => ReactNode }) {
  usePageTitle(heading);
  const links = useSiteLinks();
  const refresh = useRefresh('siteLinks', (sync) => sync.refreshSiteLinks());
  return (
    <ContentPage>
      <h1>{heading}</h1>
      <p data-intro="">{intro}</p>
      {before?.(links)}
      <ConfiguredFrame src={webAddress(links?.[frame])} refresh={refresh} {...props} />
    </ContentPage>
  );
}

type FrameProps = {
  title: string;
  /** The link's text, which says it opens a new tab. */
  openText: string;
  blockedText: string;
  loadingText: string;
  /** The frame's height (CSS) on a desk. */
  height: string;
};

/** A frame that has not loaded after this long is said not to show here (its site may refuse framing). */
export const FRAME_LOAD_TIMEOUT_MS = 8_000;

/**
 * A third-party page embedded (the shop, the review widget): titled for screen readers, sandboxed
 * (it cannot navigate the app away), with its address always offered as a link in a new tab, and
 * a French notice when it has not loaded after a few seconds.
 */
export function ExternalFrame({ src, title, openText, blockedText, loadingText, height }: FrameProps & { src: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'late'>('loading');
  useEffect(() => {
    setState('loading');
    const timer = setTimeout(() => setState((s) => (s === 'loading' ? 'late' : s)), FRAME_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [src]);
  return (
    <Box>
      <p role="status" className={state === 'late' ? undefined : visuallyHidden} data-late={state === 'late' || undefined}>
        {state === 'loading' ? loadingText : state === 'late' ? blockedText : ''}
      </p>
      <Frame
        key={src}
        src={src}
        title={title}
        style={{ height }}
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="strict-origin-when-cross-origin"
        onLoad={() => setState('loaded')}
      />
      <a href={src} target="_blank" rel="noopener noreferrer" className={buttonClass} data-variant="ghost">
        <Icon name="external" size={18} />
        {openText}
      </a>
    </Box>
  );
}

const Box = styled.div`
  display: grid;
  justify-items: start;
  gap: 12px;
  & p[data-late] {
    margin: 0;
    padding: 10px 14px;
    border-radius: 8px;
    border: 1px solid var(--border);
    background: var(--surface-2);
  }
  & a {
    min-height: 44px;
    max-width: 100%;
  }
`;

const Frame = styled.iframe`
  display: block;
  width: 100%;
  min-height: 320px;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--surface);
  @media (max-width: 600px) {
    max-height: 70vh;
  }
`;
