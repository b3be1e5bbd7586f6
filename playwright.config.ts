import { defineConfig, devices } from '@playwright/test'

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-gpu',
    '--no-first-run',
  ],
}

/** Specs that edit the site's shared content (see the projects below). */
const SHARED_CONTENT = /admin-content\.spec\.ts/

/**
 * e2e runs against the built production server (server.ts), started by global-setup on a free
 * port with a fresh temporary database and data folder. Every test runs twice: JS on and off.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  // Budgets for a 2-core machine under load (load average 10-20 seen): a short test takes a few
  // seconds alone; long flows set their own timeout from their steps (test.setTimeout).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Progress as it goes, then the outcome counts and the slowest tests (e2e/summary-reporter.ts).
  reporter: [['list'], ['./e2e/summary-reporter.ts']],
  use: {
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    locale: 'es-CL',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'js',
      testIgnore: SHARED_CONTENT,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: true },
    },
    {
      name: 'no-js',
      testIgnore: SHARED_CONTENT,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: false },
    },
    // Specs that change what every page shows run last, one project after the other.
    {
      name: 'content-js',
      testMatch: SHARED_CONTENT,
      dependencies: ['js', 'no-js'],
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: true },
    },
    {
      name: 'content-no-js',
      testMatch: SHARED_CONTENT,
      dependencies: ['content-js'],
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: false },
    },
  ],
})
