/**
 * What each page memo of docs/architecture.md «Mechanisms and what each buys» skips, timed alone:
 * the work one cache hit saves, in µs, on this machine, with the same libraries and realistic
 * inputs (a session token signed as the services sign it, the web cookie that carries it, a date
 * in Chile). Where an interleaved A/B of whole pages cannot resolve 3 % (its A/A spread is wider),
 * this says how many such operations a page would have to skip for the memo to buy 3 % of the
 * page's CPU per request (ab.ts prints that figure: ~7–8 ms the dashboard, ~4.4 ms `/` rendered).
 *
 *   npx tsx scripts/bench/skipped-work.ts [--ms=300]
 */
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import Database from 'better-sqlite3'
import { EncryptJWT, jwtDecrypt } from 'jose'
import { createCookie } from 'react-router'
import { chileParts } from '#domain/format'
import { createServicesApp } from '#services/app'
import { authenticate } from '#services/platform/auth'
import { signSessionToken, verifySessionToken } from '#services/platform/tokens'
import { createTestPlatform } from '#services/testing/platform'
import { userWithSession } from '#services/users/driver-area/test-helpers'

const MS = Number(process.argv.find((a) => a.startsWith('--ms='))?.slice(5) ?? 300)

/** µs per call: batches of `MS` ms after a warm-up, the median batch. */
async function timePerCall(work: () => unknown): Promise<number> {
  const batch = async () => {
    let n = 0
    const start = performance.now()
    while (performance.now() - start < MS) {
      for (let i = 0; i < 20; i++) await work()
      n += 20
    }
    return ((performance.now() - start) * 1000) / n
  }
  await batch()
  const runs = [await batch(), await batch(), await batch(), await batch(), await batch()].sort((a, b) => a - b)
  return runs[2]!
}

async function main() {
  const jwtKey = randomBytes(32)
  const cookieKey = randomBytes(32)
  const now = new Date()
  const token = await signSessionToken(jwtKey, { userId: 4211, role: 'User', sessionId: crypto.randomUUID() }, now)
  const value = await new EncryptJWT({
    session: {
      token,
      exp: Math.floor(now.getTime() / 1000) + 3600,
      user: { id: 4211, email: 'conductora@example.cl', role: 'User', name: 'Camila Pérez' },
    },
  })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .encrypt(cookieKey)
  const cookie = createCookie('__fleeters_session', { httpOnly: true, sameSite: 'lax', path: '/' })
  const header = `_ga=GA1.1.12345.67890; ${(await cookie.serialize(value)).split(';')[0]}; tema=claro`
  let minute = 0

  // A driver with a live session on a SQLite platform, and the services app a page calls in process.
  const platform = await createTestPlatform('sqlite')
  const driver = await userWithSession(platform, 'User')
  const services = createServicesApp(platform)
  const question = async () => {
    const res = await services.request('/auth/session/user', { headers: driver.headers })
    if (res.status !== 200) throw new Error(`the session question answered ${res.status}`)
    return res.json()
  }
  await question()
  // The statement the session lookup runs, prepared on a connection of its own with the same table.
  const raw = new Database(':memory:')
  raw.exec(`create table sessions (id text primary key, user_id integer, role text, expires_at text,
    revoked_at text, last_seen_at text, created_at text, factor_pending integer, reauth_at text)`)
  const lookup =
    'select "user_id", "role", "expires_at", "revoked_at", "last_seen_at", "created_at", "factor_pending", ' +
    '"reauth_at" from "sessions" where "id" = ?'

  const rows: Array<[string, string, number]> = [
    [
      'Cookie header → session cookie value',
      'the header parsed, the value decoded',
      await timePerCall(() => cookie.parse(header)),
    ],
    [
      'Session cookie decryption',
      'AES-GCM of the cookie (jose jwtDecrypt)',
      await timePerCall(() => jwtDecrypt(value, cookieKey)),
    ],
    [
      'Token signature check',
      'HS256 of the token (verifySessionToken, its key imported once)',
      await timePerCall(() => verifySessionToken(jwtKey, token, now)),
    ],
    [
      'Chile date fields once a minute',
      'one date to Chile fields (chileParts, Intl)',
      await timePerCall(() => chileParts(new Date(now.getTime() - 60_000 * minute++))),
    ],
    ['Session question (guard memo)', 'GET /auth/session/user through the services app', await timePerCall(question)],
    [
      'Session lookup (in-process auth memo)',
      'token checked, sessions row read (authenticate)',
      await timePerCall(() => authenticate(platform, driver.token)),
    ],
    [
      'Statement prepared (statement cache)',
      'better-sqlite3 prepare of the session lookup',
      await timePerCall(() => raw.prepare(lookup)),
    ],
  ]
  raw.close()
  await platform.destroy()
  console.log(
    `Work a cache hit skips, µs per operation (median of 5 batches of ${MS} ms; load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}, node ${process.version}):`,
  )
  for (const [name, what, us] of rows)
    console.log(
      `  ${name.padEnd(38)} ${us.toFixed(1).padStart(7)} µs  ${what}; 3 % of a 7 ms page = ${Math.ceil(210 / us)}`,
    )
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
