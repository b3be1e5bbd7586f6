import { defineConfig, devices } from '@playwright/test'

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu', '--no-first-run'],
}

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
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    locale: 'es-CL',
    launchOptions: chromium,
  },
  projects: [
    { name: 'js', use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: true } },
    { name: 'no-js', use: { ...devices['Desktop Chrome'], launchOptions: chromium, javaScriptEnabled: false } },
  ],
})
