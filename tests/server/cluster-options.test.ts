import { describe, expect, it } from 'vitest';
import { DEFAULTS, parseClusterCommand } from '../../server/cluster/cluster-options';

describe('npm run cluster: its options', () => {
  it('defaults to three nodes from 3001, the entry on 3000, PostgreSQL and Redis on loopback, building first', () => {
    expect(parseClusterCommand([], {})).toEqual({
      nodes: 3,
      basePort: 3001,
      entryPort: 3000,
      databaseUrl: DEFAULTS.databaseUrl,
      redisUrl: DEFAULTS.redisUrl,
      dataDir: '.data-cluster',
      build: true,
    });
  });

  it('takes the nodes, the first port, the entry, the services and the data directory from the command line', () => {
    const command = parseClusterCommand(
      ['--nodes', '5', '--port', '4001', '--entry', '8080', '--database', 'postgresql://app:x@db:5432/prod', '--redis', 'rediss://cache:6380', '--data-dir', '/srv/comptoir', '--no-build'],
      {},
    );
    expect(command).toEqual({ nodes: 5, basePort: 4001, entryPort: 8080, databaseUrl: 'postgresql://app:x@db:5432/prod', redisUrl: 'rediss://cache:6380', dataDir: '/srv/comptoir', build: false });
  });

  it('puts the entry just below the first node by default, and none with --no-entry', () => {
    expect(parseClusterCommand(['--port', '4001'], {})).toMatchObject({ entryPort: 4000 });
    expect(parseClusterCommand(['--no-entry'], {})).toMatchObject({ entryPort: null });
  });

  it('reads DATABASE_URL, REDIS_URL and DATA_DIR from the environment, the command line winning', () => {
    const env = { DATABASE_URL: 'postgres://env/db', REDIS_URL: 'redis://env:6379', DATA_DIR: '/data' };
    expect(parseClusterCommand([], env)).toMatchObject({ databaseUrl: env.DATABASE_URL, redisUrl: env.REDIS_URL, dataDir: '/data' });
    expect(parseClusterCommand(['--redis', 'redis://cli:6379'], env)).toMatchObject({ redisUrl: 'redis://cli:6379' });
  });

  it('refuses bad options in French', () => {
    expect(() => parseClusterCommand(['--nodes', '0'], {})).toThrow('--nodes attend un entier entre 1 et 32 (reçu « 0 »)');
    expect(() => parseClusterCommand(['--nodes', 'trois'], {})).toThrow('--nodes attend un entier');
    expect(() => parseClusterCommand(['--entry', '3002'], {})).toThrow("Le port d'entrée 3002 est celui d'un nœud (3001 à 3003)");
    expect(() => parseClusterCommand(['--entry', '3000', '--no-entry'], {})).toThrow('ne vont pas ensemble');
    expect(() => parseClusterCommand(['--database', 'mysql://db/x'], {})).toThrow('--database : une adresse postgres:// ou postgresql:// est attendue');
    expect(() => parseClusterCommand(['--nodes'], {})).toThrow('Usage : npm run cluster');
    expect(() => parseClusterCommand(['--vitesse', '2'], {})).toThrow('Usage : npm run cluster');
  });

  it('answers help', () => {
    expect(parseClusterCommand(['--help'], {})).toBe('help');
  });
});
