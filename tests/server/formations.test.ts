import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formationCategoriesResponse, formationResponse, formationsResponse } from '../../src/contract/formations';
import { FORMATION_CATEGORIES_QUERY } from '../../src/contract/graphql-documents';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 30_000);
afterAll(() => server.close());

describe('catalogue', () => {
  it('smoke', async () => {
    const token = await server.tokenOf('vip');
    const list = await server.get('/content/api/platform-formations', token);
    expect(list.status).toBe(200);
    const { data } = formationsResponse.parse(await list.json());
    expect(data.length).toBeGreaterThanOrEqual(10);
    const one = formationResponse.parse(await (await server.get('/content/api/platform-formations/3', token)).json());
    expect(one.data.chapitres.length).toBe(4);
    const cats = formationCategoriesResponse.parse((await server.graphql(FORMATION_CATEGORIES_QUERY)).data);
    expect(cats.formationCategories.map((c) => c.id)).toEqual([1, 3, 4, 2, 5, 6]);
  });
});
