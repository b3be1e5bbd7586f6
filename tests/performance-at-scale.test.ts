/**
 * «Rendimiento» (decision 92) as the audit log grows: a period's decisions are read through a range
 * of the period (the (action, created_at) index of migration 0026, or on PostgreSQL the
 * (created_at) one) and the uploads by primary key, never by reading all of admin_audit_log or
 * user_files, on either engine; and the figures of a month of a busy team come back in well under a second.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines } from '#services/testing/database'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'
import { decisionsQuery, periodDays, teamFigures } from '#services/users/admin/performance-operations'
import { userWithSession } from '#services/users/driver-area/test-helpers'
import { planOf } from '../scripts/bench/search'

/** A year of uploads, each decided 5 hours later, and three times as many other console actions. */
const FILES = 12_000
const NOW = new Date('2026-12-04T20:00:00.000Z')
const YEAR_MS = 365 * 86_400_000
const BATCH = 500

describe.each(engines)('the team’s numbers at scale on %s', (engine) => {
  let p: TestPlatform

  beforeAll(async () => {
    p = await createTestPlatform(engine)
    const driver = (await userWithSession(p, 'User')).user
    const reviewers = await Promise.all([1, 2, 3].map(() => userWithSession(p, 'admin', { staffRole: 'revisor' })))
    const step = YEAR_MS / FILES
    for (let from = 0; from < FILES; from += BATCH) {
      const files = []
      // One upload per driver, as the queue mostly holds: the slot's history stays one row long.
      const { id: _, ...person } = driver
      const drivers = await p.db
        .insertInto('users')
        .values(
          Array.from({ length: Math.min(FILES, from + BATCH) - from }, (_x, k) => ({
            ...person,
            email: `d${from + k}@scale.cl`,
          })),
        )
        .returning('id')
        .execute()
      for (let i = from; i < Math.min(FILES, from + BATCH); i++) {
        const uploaded = new Date(NOW.getTime() - YEAR_MS + i * step).toISOString()
        files.push({
          user_id: drivers[i - from]!.id,
          purpose_name: 'comprobante_domicilio',
          file_status: 'ACCEPTED' as const,
          storage_key: `k${i}`,
          mime_type: 'image/png',
          size_bytes: 1,
          original_name: 'a.png',
          rejection_reason: null,
          created_at: uploaded,
          reviewed_at: null,
        })
      }
      const ids = await p.db.insertInto('user_files').values(files).returning(['id', 'created_at']).execute()
      const log = ids.flatMap((f, i) => {
        const decided = new Date(Date.parse(f.created_at) + 5 * 3_600_000).toISOString()
        const who = reviewers[i % 3]!.user
        const row = { admin_user_id: who.id, actor: who.email, before_json: null, after_json: null }
        return [
          { ...row, action: 'document.approve', entity_type: 'user_file', entity_id: f.id, created_at: decided },
          // The console's other actions (content, companies, jobs run…): more rows than the decisions.
          ...['faq.update', 'company.verify', 'job.run'].map((action) => ({
            ...row,
            action,
            entity_type: 'other',
            entity_id: 1,
            created_at: f.created_at,
          })),
        ]
      })
      await p.db.insertInto('admin_audit_log').values(log).execute()
    }
    await sql.raw('ANALYZE').execute(p.db)
  }, 120_000)
  afterAll(async () => p.destroy())

  it.each([7, 30])('reads %i days of decisions through the action and time index, the uploads by key', async (n) => {
    const days = periodDays(NOW, n)
    const from = new Date(NOW.getTime() - n * 86_400_000).toISOString()
    const plan = (await planOf({ db: p.db, dialect: p.dialect }, decisionsQuery(p.db, from, NOW.toISOString()))).join(
      '\n',
    )
    console.info(`[performance-at-scale] ${engine}, ${n} days:\n${plan}`)
    // SQLite reads the decisions' own range (action, created_at); PostgreSQL may prefer the period's
    // range of every action (created_at) and filter it: either reads the period only.
    expect(plan).toMatch(
      engine === 'sqlite' ? /admin_audit_log_action_created_idx/ : /admin_audit_log_(action_)?created_idx/,
    )
    expect(plan).toMatch(/user_files_pkey|INTEGER PRIMARY KEY/)
    expect(plan).not.toMatch(
      /Seq Scan on (admin_audit_log|user_files)|\bSCAN (a|f|admin_audit_log|user_files)\b(?! USING)/,
    )
    expect(days).toHaveLength(n)
  })

  it('computes a month of a busy team quickly', async () => {
    const started = performance.now()
    const f = await teamFigures(p.db, p.columns, periodDays(NOW, 30), NOW, NOW)
    const ms = performance.now() - started
    // About 12,000 decisions a year: a month has close to a thousand, each 5 hours of wall clock.
    expect(f.decisions).toBeGreaterThan(900)
    expect(f.reviewers).toHaveLength(3)
    expect(ms).toBeLessThan(2_000)
    console.info(`[performance-at-scale] ${engine}: ${f.decisions} decisions in ${ms.toFixed(0)} ms`)
  })
})
