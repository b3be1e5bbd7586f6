/**
 * What the scripts that work on the server's database share (`admin:create`, `retention`, the
 * reminders and the account closure run once): the clock from `--now`, a platform opened like
 * the server's (its DATA_DIR kept private) and closed at the end, and retries when SQLite is busy.
 */
import { parseArgs } from 'node:util'
import { loadConfig } from '#services/platform/config'
import { createPlatform, type Platform } from '#services/platform/platform'
import { memoryRateLimiter } from '#services/platform/rate-limit'
import { keepDataPrivate } from '#services/platform/runtime'

/**
 * `--now <ISO instant>` (default: now) and the boolean flags named; anything else prints `usage`
 * and exits 2.
 */
export function jobArgs<F extends string>(
  usage: string,
  flags: readonly F[] = [],
): { now: Date; flags: Record<F, boolean> } {
  let values: Record<string, string | boolean | undefined>
  try {
    const options = Object.fromEntries([
      ['now', { type: 'string' as const }],
      ...flags.map((f) => [f, { type: 'boolean' as const }]),
    ])
    values = parseArgs({ options, strict: true }).values as Record<string, string | boolean | undefined>
  } catch {
    console.error(usage)
    process.exit(2)
  }
  const now = typeof values.now === 'string' ? new Date(values.now) : new Date()
  if (Number.isNaN(now.getTime())) {
    console.error(usage)
    process.exit(2)
  }
  return { now, flags: Object.fromEntries(flags.map((f) => [f, values[f] === true])) as Record<F, boolean> }
}

/**
 * This process writes to the database the running server is writing to. On SQLite a transaction
 * that reads, then writes, fails at once with SQLITE_BUSY when the server wrote in between (the
 * busy timeout does not cover that case): try again a few times.
 */
export async function withRetries<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run()
    } catch (err) {
      const code = (err as { code?: unknown }).code
      if (i >= attempts || typeof code !== 'string' || !code.startsWith('SQLITE_BUSY')) throw err
      await new Promise((r) => setTimeout(r, 100 * i))
    }
  }
}

/** Opens the configured platform (no shared rate-limit store: a script serves no requests), runs `use`, closes it. */
export async function withPlatform<T>(use: (platform: Platform) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env)
  keepDataPrivate(config.dataDir)
  const platform = await withRetries(() => createPlatform(config, { limiter: memoryRateLimiter() }))
  try {
    return await use(platform)
  } finally {
    await platform.close()
  }
}
