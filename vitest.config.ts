import { defineConfig } from 'vitest/config'
import { zodMiniInBrowser } from './scripts/vite-zod-browser'

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['tests/setup/data-dir.ts', 'tests/setup/s3.ts', 'tests/setup/databases.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Service suites open their own database (a temp SQLite file or a PostgreSQL schema),
    // so files can run in parallel.
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['domain/**/*.test.ts', 'services/**/*.test.ts', 'app/**/*.test.ts', 'tests/**/*.test.ts'],
        },
      },
      {
        // The domain schemas' tests again, on the zod the browser runs them with: zod/mini, and
        // @conform-to/zod's coercion on zod/mini too (scripts/vite-zod-browser.ts).
        extends: true,
        plugins: [zodMiniInBrowser({ always: true })],
        test: {
          name: 'domain-mini',
          include: ['domain/validation/**/*.test.ts'],
          env: { ZOD_FLAVOUR: 'mini' },
          server: { deps: { inline: ['@conform-to/zod'] } },
        },
      },
    ],
  },
})
