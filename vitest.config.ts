import os from 'node:os'
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
    // Vitest's default is one worker fewer than the cores: one file at a time on CI's two. The
    // files wait on child processes, PostgreSQL and timers more than they compute, so three on two
    // cores took the suite from 849 s to 571 s; four gave nothing more (606 s).
    maxWorkers: Math.max(3, os.availableParallelism()),
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
