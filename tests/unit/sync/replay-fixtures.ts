import type { Replay, TeamMember } from '../../../src/contract/replays';

export const member = (id: number, name: string): TeamMember => ({ id, name, role: 'Analyste', picture: null });
export const BASE = Date.parse('2026-11-01T08:00:00.000Z');
/** A replay `hoursAfter` the fixtures' base date: even ids in Forex, odd ones in Indices; authors 1 to 3. */
export const replayFixture = (id: number, hoursAfter: number, over: Partial<Replay['attributes']> = {}, locked = false): Replay => ({
  id,
  locked,
  attributes: {
    title: `Replay ${id}`,
    slug: `replay-${id}`,
    date: new Date(BASE + hoursAfter * 3_600_000).toISOString(),
    description: '',
    videoUrl: locked ? null : `/content/api/platform-replays/${id}/video`,
    picture: null,
    category: id % 2 === 0 ? 'Forex' : 'Indices',
    author: member((id % 3) + 1, `Auteur ${(id % 3) + 1}`),
    durationSeconds: 120,
    ...over,
  },
});
