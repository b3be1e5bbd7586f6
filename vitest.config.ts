import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['domain/**/*.test.ts', 'services/**/*.test.ts', 'app/**/*.test.ts', 'tests/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/setup/data-dir.ts', 'tests/setup/s3.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Service suites open their own database (a temp SQLite file or a PostgreSQL schema),
    // so files can run in parallel.
    pool: 'forks',
  },
})
