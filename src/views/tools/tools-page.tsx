import { CONTENT_TEXT } from '../../domain/content-text-fr';
import { canUseTools } from '../../domain/toolbox';
import { usePageTitle } from '../common/use-page-title';
import { ContentPage, LoadingStatus, RefreshedCards } from '../landing/content-page';
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
  return (
    <>
      <p data-intro="">{CONTENT_TEXT.toolsIntro}</p>
      <RefreshedCards items={tools} refresh={refresh} label={CONTENT_TEXT.toolsList} loadingText={CONTENT_TEXT.toolsLoading} emptyText={CONTENT_TEXT.toolsEmpty}>
        {(shown) => shown.map((tool) => <ToolCard key={tool.id} tool={tool} />)}
      </RefreshedCards>
    </>
  );
}
