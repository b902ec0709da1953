import { describe, expect, it } from 'vitest';
import { REPLAY_PAGE_SIZE, type Replay, type TeamMember } from '../../../src/contract/replays';
import {
  AUTHOR_PRIORITY,
  canWatchReplays,
  dayBoundary,
  inputDay,
  isLastPage,
  matchesReplayFilter,
  mayWatch,
  NO_REPLAY_FILTER,
  normaliseFilter,
  PLAYBACK_RATES,
  REPLAY_CATEGORY_KEY,
  REPLAY_MODAL_DELAY_MS,
  replayFilterKey,
  slugSearch,
  sortAuthors,
} from '../../../src/domain/replay-rules';

const now = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;
const holder = (...entries: [id: number, days: number][]) => ({
  abonnements: entries.map(([id, days]) => ({ abonnement: { id }, expiration: new Date(now.getTime() + days * DAY).toISOString() })),
});
const member = (id: number, name: string): TeamMember => ({ id, name, role: 'Analyste', picture: null });
const replay = (over: Partial<Replay['attributes']> = {}, locked = false): Replay => ({
  id: 1,
  locked,
  attributes: {
    title: 'Analyse du DAX',
    slug: 'analyse-du-dax',
    date: '2026-11-20T09:00:00.000Z',
    description: '',
    videoUrl: locked ? null : '/content/api/platform-replays/1/video',
    picture: null,
    category: 'Indices',
    author: member(2, 'Julie'),
    durationSeconds: 60,
    ...over,
  },
});

describe('replay rules (spec 3 §2, §6, §9)', () => {
  it('pages hold 24 replays; a page with fewer is the last', () => {
    expect(REPLAY_PAGE_SIZE).toBe(24);
    expect(isLastPage(0)).toBe(true);
    expect(isLastPage(23)).toBe(true);
    expect(isLastPage(24)).toBe(false);
  });

  it('orders the authors by the fixed priority first, then by name', () => {
    const others = [member(40, 'Zoé'), member(41, 'Élodie'), member(42, 'Bruno')];
    const priority = AUTHOR_PRIORITY.map((id, k) => member(id, `Z${k}`)).reverse();
    const sorted = sortAuthors([...others, ...priority]);
    expect(sorted.map((m) => m.id)).toEqual([...AUTHOR_PRIORITY, 42, 41, 40]);
    expect(new Set(AUTHOR_PRIORITY).size).toBe(AUTHOR_PRIORITY.length);
  });

  it('lets VIP members (subscription 3 not expired) watch unlocked replays only', () => {
    expect(canWatchReplays(holder([3, 30]), now)).toBe(true);
    expect(canWatchReplays(holder([3, -1]), now)).toBe(false);
    expect(canWatchReplays(holder([4, 30], [6, 30]), now)).toBe(false);
    expect(mayWatch(replay(), holder([3, 30]), now)).toBe(true);
    expect(mayWatch(replay({}, true), holder([3, 30]), now)).toBe(false);
    expect(mayWatch(replay(), holder(), now)).toBe(false);
    expect(mayWatch(replay(), null, now)).toBe(false);
  });

  it('has the spec constants', () => {
    expect(PLAYBACK_RATES).toEqual([2, 1.5, 1, 0.5]);
    expect(REPLAY_MODAL_DELAY_MS).toBe(500);
    expect(REPLAY_CATEGORY_KEY).toBe('replay:lastCategory');
  });
});

describe('replay filter', () => {
  it('normalises empty values and turns a search into a slug fragment', () => {
    expect(normaliseFilter({ category: '', author: 0, from: '', to: null, slug: '  ' })).toEqual(NO_REPLAY_FILTER);
    expect(slugSearch('  Analyse du DAX : l’été ')).toBe('analyse-du-dax-l-ete');
    expect(replayFilterKey({ ...NO_REPLAY_FILTER, slug: 'DAX' })).toBe(replayFilterKey({ ...NO_REPLAY_FILTER, slug: 'dax' }));
    expect(replayFilterKey({ ...NO_REPLAY_FILTER, category: 'Forex' })).not.toBe(replayFilterKey(NO_REPLAY_FILTER));
  });

  it('matches category, author, inclusive date range and slug fragment', () => {
    const r = replay();
    expect(matchesReplayFilter(r, NO_REPLAY_FILTER)).toBe(true);
    expect(matchesReplayFilter(r, { ...NO_REPLAY_FILTER, category: 'Indices' })).toBe(true);
    expect(matchesReplayFilter(r, { ...NO_REPLAY_FILTER, category: 'Forex' })).toBe(false);
    expect(matchesReplayFilter(r, { ...NO_REPLAY_FILTER, author: 2 })).toBe(true);
    expect(matchesReplayFilter(r, { ...NO_REPLAY_FILTER, author: 3 })).toBe(false);
    expect(matchesReplayFilter(replay({ author: null }), { ...NO_REPLAY_FILTER, author: 2 })).toBe(false);
    expect(matchesReplayFilter(r, { ...NO_REPLAY_FILTER, from: '2026-11-20T09:00:00.000Z', to: '2026-11-20T09:00:00.000Z' })).toBe(true);
    expect(matchesReplayFilter(r, { ...NO_REPLAY_FILTER, from: '2026-11-20T09:00:00.001Z' })).toBe(false);
    expect(matchesReplayFilter(r, { ...NO_REPLAY_FILTER, to: '2026-11-20T08:59:59.999Z' })).toBe(false);
    expect(matchesReplayFilter(r, { ...NO_REPLAY_FILTER, slug: 'du DAX' })).toBe(true);
    expect(matchesReplayFilter(r, { ...NO_REPLAY_FILTER, slug: 'cac' })).toBe(false);
  });

  it('turns a date input day into its first and last millisecond here, and back', () => {
    const start = dayBoundary('2026-11-23', 'start')!;
    const end = dayBoundary('2026-11-23', 'end')!;
    expect(Date.parse(end) - Date.parse(start)).toBe(DAY - 1);
    expect(new Date(start).getHours()).toBe(0);
    expect(inputDay(start)).toBe('2026-11-23');
    expect(inputDay(end)).toBe('2026-11-23');
    expect(dayBoundary('2026-02-30', 'start')).toBeNull();
    expect(dayBoundary('', 'start')).toBeNull();
    expect(inputDay(null)).toBe('');
  });
});
