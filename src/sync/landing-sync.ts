import { LANDING_PAGE_QUERY, SITE_LINKS_QUERY, SOCIALS_QUERY } from '../contract/graphql-documents';
import { toolResponse, toolsResponse } from '../contract/home-content';
import { landingPageResponse, siteLinksResponse, socialsResponse, toolLinkResponse } from '../contract/landing';
import { TEXT } from '../domain/text-fr';
import type { ComptoirDatabase } from '../store/database';
import type { ApiClient, ApiFailure } from './api-client';
import { foldTools } from './fold-content';
import { foldLandingPage, foldSiteLinks, foldSocials, foldToolList, forgetTool } from './fold-landing';

/** A refresh's outcome: folded (`found` false when the server does not know the asked item), or the failure to show. */
export type RefreshResult = { ok: true; found: boolean } | ApiFailure;
/** A tool file's signed address (a plain link the browser follows), or the failure to show. */
export type ToolLinkResult = { ok: true; url: string; expiresAt: string } | { ok: false; error: string };
export type LandingSync = ReturnType<typeof createLandingSync>;

/** Landing slugs are short words; anything else is not asked (and could not be a store key). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG = 80;

/**
 * The toolbox, the socials, the landing pages and the site links (spec 3 §2, §7): each read from
 * the content host and folded into the store when its screen opens; the screens show what the
 * store holds meanwhile. The same read asked twice while running is sent once. Landing pages and
 * site links are public: they work signed out too.
 */
export function createLandingSync(deps: { api: ApiClient; db: ComptoirDatabase }) {
  const { api, db } = deps;
  const running = new Map<string, Promise<RefreshResult>>();

  function once(key: string, run: () => Promise<RefreshResult>): Promise<RefreshResult> {
    const current = running.get(key);
    if (current) return current;
    const started = run().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  }

  return {
    /** `GET /platform-tools?sort=ordre:asc`: the toolbox's list. */
    refreshTools: (): Promise<RefreshResult> =>
      once('tools', async () => {
        const answer = await api.request(toolsResponse, 'content', '/api/platform-tools', { query: { sort: 'ordre:asc' } });
        if (!answer.ok) return answer;
        await foldToolList(db, answer.data.data);
        return { ok: true, found: true };
      }),

    /** `GET /platform-tools/{id}`: one tool's page; a 404 removes it from the store. */
    refreshTool: (id: number): Promise<RefreshResult> =>
      once(`tool:${id}`, async () => {
        const answer = await api.request(toolResponse, 'content', `/api/platform-tools/${id}`);
        if (!answer.ok && answer.status === 404) {
          await forgetTool(db, id);
          return { ok: true, found: false };
        }
        if (!answer.ok) return answer;
        await foldTools(db, [answer.data.data]);
        return { ok: true, found: true };
      }),

    /** GraphQL `socials`. */
    refreshSocials: (): Promise<RefreshResult> =>
      once('socials', async () => {
        const answer = await api.graphql(socialsResponse, SOCIALS_QUERY);
        if (!answer.ok) return answer;
        await foldSocials(db, answer.data.socials);
        return { ok: true, found: true };
      }),

    /** GraphQL `landingPage(slug)`; an unknown slug removes what was stored. */
    refreshLandingPage: (slug: string): Promise<RefreshResult> =>
      once(`landingPage:${slug}`, async () => {
        if (!SLUG.test(slug) || slug.length > MAX_SLUG) return { ok: true, found: false };
        const answer = await api.graphql(landingPageResponse, LANDING_PAGE_QUERY, { slug });
        if (!answer.ok) return answer;
        await foldLandingPage(db, slug, answer.data.landingPage);
        return { ok: true, found: answer.data.landingPage !== null };
      }),

    /** GraphQL `siteLinks`: the shop's and the review widget's addresses. */
    refreshSiteLinks: (): Promise<RefreshResult> =>
      once('siteLinks', async () => {
        const answer = await api.graphql(siteLinksResponse, SITE_LINKS_QUERY);
        if (!answer.ok) return answer;
        await foldSiteLinks(db, answer.data.siteLinks);
        return { ok: true, found: true };
      }),

    /**
     * `POST /rest/tools/link` (VIP only): the signed address of one file, asked when the member
     * clicks, never stored (it is bound to the member and expires within minutes).
     */
    async toolLink(toolId: number, fileIndex: number): Promise<ToolLinkResult> {
      const answer = await api.request(toolLinkResponse, 'rest', '/tools/link', { method: 'POST', body: { toolId, fileIndex } });
      if (!answer.ok) return { ok: false, error: answer.error || TEXT.requestFailed };
      return { ok: true, url: answer.data.url, expiresAt: answer.data.expiresAt };
    },
  };
}
