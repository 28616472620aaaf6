import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll gives up after 1 s by default: on a loaded CI machine a dashboard action that
    // hashes a password (change password) took longer. A poll that passes returns at once.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      { extends: true, test: { name: 'default', include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'] } },
      // The server's API suite again on PostgreSQL (a server the setup starts: the system's
      // binaries, see test/helpers/postgres.ts). restart.test.ts checks SQLite's own durability.
      {
        extends: true,
        test: {
          name: 'server-postgres',
          include: ['packages/server/test/api/**/*.test.ts'],
          exclude: ['packages/server/test/api/restart.test.ts'],
          globalSetup: ['packages/server/test/helpers/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
