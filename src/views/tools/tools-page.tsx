import { CONTENT_TEXT } from '../../domain/content-text-fr';
import { canUseTools } from '../../domain/toolbox';
import { usePageTitle } from '../common/use-page-title';
import { CardGrid, ContentPage, Failure, LoadingStatus, SKELETON_KEYS, SkeletonCard } from '../landing/content-page';
import { useRefresh, useTools } from '../landing/use-landing';
import { useCurrentUser } from '../use-current-user';
import { useNow } from '../use-now';
import { BrokerTable } from './broker-table';
import { ToolCard } from './tool-card';
import { VipRefusal } from './vip-refusal';

/**
 * `/tools` (spec 3 §2 "Tools"): the tools in their order as cards, for VIPs; others read the
 * refusal with 'Devenir VIP'. The broker table below is for every member.
 */
export function ToolsPage() {
  usePageTitle(CONTENT_TEXT.toolsTitle);
  const user = useCurrentUser();
  const now = useNow(60_000);
  const allowed = user !== null && canUseTools(user, now);
  return (
    <ContentPage>
      <h1>{CONTENT_TEXT.toolsTitle}</h1>
      {user === null ? <LoadingStatus text={CONTENT_TEXT.toolsLoading} /> : allowed ? <ToolList /> : <VipRefusal />}
      <BrokerTable />
    </ContentPage>
  );
}

function ToolList() {
  const tools = useTools();
  const refresh = useRefresh('tools', (sync) => sync.refreshTools());
  const shown = tools ?? [];
  return (
    <>
      <p data-intro="">{CONTENT_TEXT.toolsIntro}</p>
      {shown.length > 0 ? (
        <CardGrid aria-label={CONTENT_TEXT.toolsList}>
          {shown.map((tool) => (
            <ToolCard key={tool.id} tool={tool} />
          ))}
        </CardGrid>
      ) : refresh.loading || tools === undefined ? (
        <>
          <LoadingStatus text={CONTENT_TEXT.toolsLoading} />
          <CardGrid aria-hidden="true">
            {SKELETON_KEYS.map((k) => (
              <SkeletonCard key={k} />
            ))}
          </CardGrid>
        </>
      ) : refresh.error === null ? (
        <p>{CONTENT_TEXT.toolsEmpty}</p>
      ) : null}
      {refresh.error !== null ? <Failure error={refresh.error} onRetry={refresh.retry} /> : null}
    </>
  );
}
