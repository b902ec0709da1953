import { expect, test, type BrowserContext, type Page } from './fixtures';
import { PUBLISH_ARTICLE_MUTATION } from '../../src/contract/graphql-documents';
import { ALLOWED_EMBED, EMBED_PREFIXES, corpusArticleHtml, findUnsafe } from '../fixtures/xss-corpus';
import { graphql, noSeriousViolation, phoneLayoutProblems, serverTotal } from './content-host';
import { openSignedIn, signedInPage, tokenOf } from './sign-in';
import { paced, journeyTime } from './pace';

/**
 * News (spec 3 §2 "News", §8, §9; issue 19): the list with its category buttons and its pages of
 * 24, 'NOUVEAU' for 3 days, an article and 'Retour aux news', the filter remembered; and the XSS
 * corpus published by a coach, opened by a member with no script run.
 */

const ARTICLES = '/content/api/landing-articles';
const THREE_DAYS_MS = 259_200_000;

const member = (context: BrowserContext, identifier: string, path = '/news') => signedInPage(context, identifier, path);

const list = (page: Page) => page.getByRole('list', { name: 'Liste des actualités' });
const cards = (page: Page) => list(page).getByRole('listitem');

test('vip reads the news: a category, the next page, NOUVEAU for 3 days, an article and back, the filter remembered', async ({ browser, request }) => {
  test.setTimeout(journeyTime(90_000));
  const context = await browser.newContext();
  const page = await member(context, 'vip');
  await expect(page.getByRole('heading', { name: 'Actualités', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Toutes' })).toHaveAttribute('aria-pressed', 'true');
  // 'Edit new' is the team's (subscription 6 with the beta key).
  await expect(page.getByRole('link', { name: 'Edit new' })).toHaveCount(0);
  const token = await tokenOf(context);
  const [total, cryptoTotal] = [await serverTotal(request, token, ARTICLES), await serverTotal(request, token, ARTICLES, '&category=Crypto')];
  expect(total).toBeGreaterThan(24);
  expect(cryptoTotal).toBeGreaterThan(0);
  expect(cryptoTotal).toBeLessThan(24);

  // Every category: 24 first, the rest when the end of the list comes into view.
  await expect(cards(page)).toHaveCount(24);
  await noSeriousViolation(page, '/news');
  await cards(page).last().scrollIntoViewIfNeeded();
  await expect(cards(page)).toHaveCount(total);

  // 'NOUVEAU' on the articles of the last 3 days only; the demo has both kinds.
  const badges = await list(page).evaluate((ul) =>
    [...ul.querySelectorAll('li')].map((li) => ({ date: li.querySelector('time')!.dateTime, badge: li.textContent!.includes('NOUVEAU') })),
  );
  const now = Date.now();
  for (const { date, badge } of badges) expect(badge, date).toBe(now - Date.parse(date) < THREE_DAYS_MS);
  expect(badges.some((b) => b.badge)).toBe(true);
  expect(badges.some((b) => !b.badge)).toBe(true);

  // A card is one link, its title cut at 37 characters and its text at 180.
  for (const card of await cards(page).all()) {
    await expect(card.getByRole('link')).toHaveCount(1);
    const [title, preview] = await card.evaluate((li) => [li.querySelector('h2')!.textContent!, li.querySelector('h2 + p')!.textContent!]);
    expect([...title.replace(/…$/, '')].length).toBeLessThanOrEqual(37);
    expect([...preview.replace(/…$/, '')].length).toBeLessThanOrEqual(180);
  }
  // The picture only when the content has no video, image or audio of its own.
  const video = cards(page).filter({ hasText: 'Découvrez Comptoir en vidéo' });
  await expect(video.locator('img')).toHaveCount(0);
  const text = cards(page).filter({ hasText: 'Le point sur l’or après la' });
  await expect(text.locator('img')).toHaveCount(1);

  // A category: its articles only.
  const crypto = page.getByRole('button', { name: 'Crypto', exact: true });
  await crypto.click();
  await expect(crypto).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page)).toHaveCount(cryptoTotal);
  for (const card of await cards(page).allInnerTexts()) expect(card).toContain('Crypto');

  // The category is remembered on this device.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Crypto', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards(page)).toHaveCount(cryptoTotal);

  // An article from its card, and back to the list, still on its category.
  const first = cards(page).first();
  const href = (await first.getByRole('link').getAttribute('href'))!;
  expect(href).toMatch(/^\/news\/[a-z0-9-]+$/);
  await first.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  const found = (await (await request.get(`${ARTICLES}?slug=${href.slice('/news/'.length)}`)).json()) as { data: { attributes: { title: string } }[] };
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(found.data[0]!.attributes.title);
  await expect(page.getByRole('article').getByText('Crypto', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Retour aux news' }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole('button', { name: 'Crypto', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // Rich HTML: its own picture and table, no preview picture; a Morning Mood with its audio.
  await page.goto('/news/analyse-hebdo-le-dax-sous-sa-resistance');
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 1 })).toHaveText('Analyse hebdo : le DAX sous sa résistance');
  await expect(article.getByRole('table')).toBeVisible();
  await expect(article.locator('img')).toHaveCount(1);
  await expect(article.getByRole('img', { name: /Graphique du DAX/ })).toBeVisible();
  await noSeriousViolation(page, 'article');
  await page.goto('/news/morning-mood-les-marches-attendent-la-fed');
  await expect(page.getByRole('article').locator('audio[controls]')).toHaveAttribute('src', /\/audio$/);

  // An address the server does not know.
  await page.goto('/news/article-qui-n-existe-pas');
  await expect(page.getByText('Cet article est introuvable.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retour aux news' })).toHaveAttribute('href', '/news');
  await context.close();
});

test('on a 390 px phone the news list fits the width, one column, with 44 px controls', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await member(context, 'vip');
  await expect(cards(page)).toHaveCount(24);
  expect(await phoneLayoutProblems(page)).toEqual([]);
  const [a, b] = [await cards(page).nth(0).boundingBox(), await cards(page).nth(1).boundingBox()];
  expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
  await page.goto('/news/analyse-hebdo-le-dax-sous-sa-resistance');
  await expect(page.getByRole('article').getByRole('table')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await page.locator('#contenu').evaluate((main) => main.scrollWidth <= main.clientWidth)).toBe(true);
  await context.close();
});

test('an article holding the XSS corpus, published by a coach, runs no script for a member', async ({ browser, request }) => {
  test.setTimeout(journeyTime(60_000));
  const coachContext = await browser.newContext();
  const coach = await member(coachContext, 'coach');
  await expect(coach.getByRole('link', { name: 'Edit new' })).toBeVisible();
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const slug = `corpus-xss-${id}`;
  await graphql(request, await tokenOf(coachContext), PUBLISH_ARTICLE_MUTATION, {
    input: { title: `Corpus XSS ${id}`, slug, content: corpusArticleHtml(), withHtml: true, category: 'Vie de Comptoir', pictureUrl: null },
  });
  await coachContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await openSignedIn(page, 'membre', `/news/${slug}`);
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(`Corpus XSS ${id}`);
  await expect(article.getByText('Corpus XSS', { exact: true })).toBeVisible();

  // The media settle: every picture loaded or failed, then a moment for any handler to fire.
  await article.evaluate((root) =>
    Promise.all(
      [...root.querySelectorAll('img')].map((img) =>
        img.complete
          ? null
          : new Promise((done) => {
              img.addEventListener('load', done, { once: true });
              img.addEventListener('error', done, { once: true });
              setTimeout(done, 3000);
            }),
      ),
    ),
  );
  await page.waitForTimeout(paced(1500));
  // The card of the list shows its words, not its markup.
  await page.getByRole('link', { name: 'Retour aux news' }).click();
  await expect(cards(page).first()).toBeVisible();
  await page.goBack();
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(`Corpus XSS ${id}`);
  await page.waitForTimeout(paced(1000));

  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => typeof (window as unknown as { __pwned?: unknown }).__pwned)).toBe('undefined');
  expect(await article.evaluate(findUnsafe, EMBED_PREFIXES)).toEqual([]);
  expect(await article.locator('script').count()).toBe(0);
  // The allowed player is kept, sandboxed; every other frame is gone.
  const frames = await article.locator('iframe').evaluateAll((list) => list.map((f) => ({ src: f.getAttribute('src'), sandbox: f.getAttribute('sandbox') })));
  expect(frames.map((f) => f.src)).toEqual([/src="([^"]+)"/.exec(ALLOWED_EMBED)![1], 'https://www.youtube.com/embed/abc123']);
  for (const frame of frames) expect(frame.sandbox).toBe('allow-scripts allow-same-origin allow-presentation allow-popups');
  await context.close();
});
