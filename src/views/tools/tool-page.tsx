import { styled } from '@linaria/react';
import { Link } from 'wouter';
import type { Tool } from '../../contract/home-content';
import { webAddress } from '../../domain/content-links';
import { CONTENT_TEXT } from '../../domain/content-text-fr';
import { canUseTools, formatEuros, toolDisplayPrice, toolIdOf } from '../../domain/toolbox';
import { Icon } from '../common/icons';
import { buttonClass } from '../common/ui';
import { usePageTitle } from '../common/use-page-title';
import { ContentPage, Failure, LoadingStatus, Prose } from '../landing/content-page';
import { useRefresh, useTool } from '../landing/use-landing';
import { useCurrentUser } from '../use-current-user';
import { useNow } from '../use-now';
import { ToolDownload } from './tool-download';
import { VipRefusal } from './vip-refusal';

/**
 * `/tools/{toolId}` (spec 3 §2 "Tools"): the tool's name, subtitle and page (its HTML sanitised),
 * a download button per file and, when it has a price, the buy button to its payment link. VIPs
 * only; an unknown tool says so with a way back.
 */
export function ToolPage({ params }: { params: { toolId?: string } }) {
  const id = toolIdOf(params.toolId);
  const user = useCurrentUser();
  const now = useNow(60_000);
  if (user === null)
    return (
      <ContentPage>
        <BackLink />
        <LoadingStatus text={CONTENT_TEXT.toolLoading} />
      </ContentPage>
    );
  if (!canUseTools(user, now)) return <Refused />;
  return id === null ? <NotFound /> : <ToolView key={id} id={id} />;
}

function ToolView({ id }: { id: number }) {
  const tool = useTool(id);
  const refresh = useRefresh(`tool:${id}`, (sync) => sync.refreshTool(id));
  usePageTitle(tool?.attributes.name ?? CONTENT_TEXT.toolsTitle);
  if (tool) return <ToolDetails tool={tool} refresh={refresh} />;
  if (!refresh.found) return <NotFound />;
  return (
    <ContentPage>
      <BackLink />
      {refresh.error !== null ? (
        <>
          <h1>{CONTENT_TEXT.toolsTitle}</h1>
          <Failure error={refresh.error} onRetry={refresh.retry} />
        </>
      ) : (
        <LoadingStatus text={CONTENT_TEXT.toolLoading} />
      )}
    </ContentPage>
  );
}

function ToolDetails({ tool, refresh }: { tool: Tool; refresh: { error: string | null; retry: () => void } }) {
  const a = tool.attributes;
  const price = toolDisplayPrice(a.price);
  const payment = webAddress(a.payment_link);
  return (
    <ContentPage>
      <BackLink />
      <Head>
        {a.picture ? <img src={a.picture.url} alt="" width={320} height={180} /> : null}
        <div>
          <h1>{a.name}</h1>
          <p>{a.subtitle}</p>
          {price !== null && payment !== null ? (
            <a href={payment} target="_blank" rel="noopener" className={buttonClass}>
              <Icon name="shop" size={18} />
              {CONTENT_TEXT.buy(formatEuros(price))}
              <Icon name="external" size={16} />
            </a>
          ) : null}
        </div>
      </Head>
      {refresh.error !== null ? <Failure error={refresh.error} onRetry={refresh.retry} /> : null}
      {a.page ? <Prose html={a.page} /> : null}
      <Files aria-labelledby="fichiers-de-l-outil">
        <h2 id="fichiers-de-l-outil">{CONTENT_TEXT.files}</h2>
        {a.files.length === 0 ? (
          <p>{CONTENT_TEXT.noFiles}</p>
        ) : (
          <ul>
            {a.files.map((file, index) => (
              <ToolDownload key={`${index}:${file.name}`} toolId={tool.id} fileIndex={index} name={file.name} />
            ))}
          </ul>
        )}
      </Files>
    </ContentPage>
  );
}

function Refused() {
  usePageTitle(CONTENT_TEXT.toolsTitle);
  return (
    <ContentPage>
      <BackLink />
      <h1>{CONTENT_TEXT.toolsTitle}</h1>
      <VipRefusal />
    </ContentPage>
  );
}

function NotFound() {
  usePageTitle(CONTENT_TEXT.toolNotFoundTitle);
  return (
    <ContentPage>
      <BackLink />
      <h1>{CONTENT_TEXT.toolNotFoundTitle}</h1>
      <p>{CONTENT_TEXT.toolNotFound}</p>
    </ContentPage>
  );
}

function BackLink() {
  return (
    <Back href="/tools">
      <Icon name="back" size={18} />
      {CONTENT_TEXT.backToTools}
    </Back>
  );
}

const Back = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  margin-bottom: 8px;
  color: var(--text);
  font-weight: 600;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 20px;
  align-items: flex-start;
  margin-bottom: 20px;
  & img {
    width: min(320px, 100%);
    height: auto;
    aspect-ratio: 16 / 9;
    object-fit: cover;
    border-radius: var(--radius);
  }
  & > div {
    display: grid;
    justify-items: start;
    gap: 10px;
    flex: 1 1 260px;
    min-width: 0;
  }
  & h1 {
    margin: 0;
    font-size: 26px;
  }
  & p {
    margin: 0;
    color: var(--muted);
  }
  & a {
    min-height: 44px;
  }
`;

const Files = styled.section`
  margin-top: 24px;
  & h2 {
    margin: 0 0 12px;
    font-size: 20px;
  }
  & ul {
    display: grid;
    gap: 12px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;
