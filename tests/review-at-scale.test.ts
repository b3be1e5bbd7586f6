/**
 * The review console at scale (decision 99), at a size CI runs quickly: every statement of the
 * queue with each filter, the per-driver review and «Rendimiento» reads user_files, users and
 * admin_audit_log through an index on both engines, and the driver filter reads ranges of the
 * queue's name index in the queue's order (decisions 109 and 118) (the bench, scripts/bench/review.ts, times
 * them at 100,000 drivers); and «Rendimiento» reads its closed days from the roll-ups, giving the
 * same figures as the audit log gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { periodDays, teamFigures } from '#services/users/admin/performance-operations'
import { userWithSession } from '#services/users/driver-area/test-helpers'
import {
  isFullTableScan,
  nameIndexMisses,
  plansOf,
  REQUESTS,
  seedReview,
  type ReviewSeed,
} from '../scripts/bench/review'

const DRIVERS = 1_500

describe.each(engines)('the review console at scale on %s', (engine) => {
  let p: TestPlatform
  let seed: ReviewSeed
  let headers: Record<string, string>

  beforeAll(async () => {
    p = await createTestPlatform(engine)
    seed = await seedReview(p, DRIVERS, p.now().getTime())
    headers = (await userWithSession(p, 'admin')).headers
  }, 120_000)
  afterAll(async () => p.destroy())

  it('seeds 22 records a driver, about 1 in 110 pending, a third of those re-uploads', async () => {
    const rows = await p.db
      .selectFrom('user_files')
      .select(['file_status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('file_status')
      .execute()
    const n = Object.fromEntries(rows.map((r) => [r.file_status, Number(r.n)]))
    expect(n.PENDING).toBeGreaterThan(DRIVERS * 0.15)
    expect(n.PENDING).toBeLessThan(DRIVERS * 0.25)
    expect(n.ACCEPTED! + n.REJECTED! + n.PENDING!).toBeGreaterThanOrEqual(DRIVERS * 22)
  })

  it.each(REQUESTS.map((r) => [r.name, r] as const))('plans %s through indexes', async (_, request) => {
    const plans = await plansOf(p, headers, request.path(seed), true)
    expect(plans.length).toBeGreaterThan(0)
    expect(plans.flatMap((x) => x.scans.map((s) => `${x.sql}\n  ${s.trim()}`))).toEqual([])
  })

  // The driver filter reads the name index by its key (decision 109), never the pending rows one by one.
  it.each(REQUESTS.filter((r) => r.byName).map((r) => [r.name, r] as const))(
    'plans %s as ranges of the name index',
    async (_, request) => {
      const plans = await plansOf(p, headers, request.path(seed), true)
      expect(nameIndexMisses(plans)).toEqual([])
      // Its page and its counts.
      expect(plans.filter((x) => x.sql.includes('queue_name_grams')).length).toBeGreaterThanOrEqual(2)
    },
  )

  it('recognises a read of the name index by its key, and one that walks the pending rows', () => {
    const statement = (plan: string[]) => [{ sql: 'select … from queue_name_grams as g …', plan }]
    expect(nameIndexMisses(statement(['SEARCH g USING PRIMARY KEY (gram>? AND gram<?)']))).toEqual([])
    expect(
      nameIndexMisses(
        statement(['SEARCH g USING PRIMARY KEY (gram=?)', 'SEARCH f USING INTEGER PRIMARY KEY (rowid=?)']),
      ),
    ).toEqual([])
    expect(
      nameIndexMisses(
        statement(['  ->  Index Only Scan using queue_name_grams_pkey on queue_name_grams g  (cost=0.42..8.44)']),
      ),
    ).toEqual([])
    expect(
      nameIndexMisses(
        statement(['SEARCH g USING COVERING INDEX queue_name_grams_start3_idx (<expr>=? AND created_at<?)']),
      ),
    ).toEqual([])
    expect(
      nameIndexMisses(
        statement([
          'Limit  (cost=0.42..20.67 rows=3 width=29)',
          '  ->  Group  (cost=0.42..20.67 rows=3 width=29)',
          '        ->  Index Only Scan using queue_name_grams_start3_idx on queue_name_grams g  (cost=0.42..20.66)',
        ]),
      ),
    ).toEqual([])
    // The matches sorted or made distinct before the page's first row: read whole, however many.
    expect(
      nameIndexMisses(statement(['SEARCH g USING PRIMARY KEY (gram>? AND gram<?)', 'USE TEMP B-TREE FOR DISTINCT'])),
    ).toHaveLength(1)
    expect(
      nameIndexMisses(
        statement([
          'Unique  (cost=4.46..4.47 rows=1 width=29)',
          '  ->  Sort  (cost=4.46..4.46 rows=1 width=29)',
          '        ->  Index Only Scan using queue_name_grams_pkey on queue_name_grams g  (cost=0.43..4.46)',
        ]),
      ),
    ).toHaveLength(2)
    expect(nameIndexMisses(statement(['SCAN g']))).toHaveLength(1)
    expect(nameIndexMisses(statement(['SCAN g USING COVERING INDEX queue_name_grams_file_idx']))).toHaveLength(1)
    expect(
      nameIndexMisses(
        statement(['SEARCH g USING PRIMARY KEY (gram=?)', 'SEARCH f USING INDEX user_files_queue_idx (created_at>?)']),
      ),
    ).toHaveLength(1)
    expect(
      nameIndexMisses(statement(['  ->  Seq Scan on queue_name_grams g  (cost=0.00..1.00 rows=1 width=4)'])),
    ).toHaveLength(1)
    expect(
      nameIndexMisses([
        { sql: 'select … from user_files as f …', plan: ['SEARCH f USING INDEX user_files_queue_idx'] },
      ]),
    ).toEqual(['no statement reads queue_name_grams'])
  })

  it('recognises a full scan of a large table in a plan', () => {
    expect(isFullTableScan('SCAN f')).toBe(true)
    expect(isFullTableScan('  SCAN user_files')).toBe(true)
    expect(isFullTableScan('SEARCH f USING INDEX user_files_status_idx (file_status=? AND created_at<?)')).toBe(false)
    expect(isFullTableScan('SCAN f USING INDEX user_files_status_idx')).toBe(false)
    expect(isFullTableScan('  ->  Seq Scan on user_files f  (cost=0.00..1.00 rows=1 width=4)')).toBe(true)
    expect(isFullTableScan('  ->  Seq Scan on review_days  (cost=0.00..1.00 rows=1 width=4)')).toBe(false)
    expect(isFullTableScan('SCAN g')).toBe(true)
    expect(isFullTableScan('  ->  Seq Scan on queue_name_grams g  (cost=0.00..1.00 rows=1 width=4)')).toBe(true)
  })

  it('reads closed days from their roll-ups with the figures the audit log gives', async () => {
    const api = testClient(p)
    const now = p.now()
    const days = periodDays(now, 30)
    // The audit log's figures: no day is closed yet for a reader whose clock stands at the first day.
    const fromLog = await teamFigures(p.db, p.columns, days, new Date(now.getTime() + 1), new Date(0))
    // The plans above read the page already: its roll-ups go, to be written again by the next read.
    await p.db.deleteFrom('review_day_reviewers').execute()
    await p.db.deleteFrom('review_days').execute()
    const first = await api.get('/admin/performance?dias=30', headers)
    expect(first.status).toBe(200)
    const rolled = await p.db.selectFrom('review_days').select('day').orderBy('day').execute()
    // Every day but today (and yesterday while it has not settled) is rolled up.
    expect(rolled.length).toBeGreaterThanOrEqual(28)
    expect(rolled.map((r) => r.day)).not.toContain(days[29])
    const again = await api.get('/admin/performance?dias=30', headers)
    const { now: _a, ...fromRollups } = again.body
    const { now: _b, ...firstRead } = first.body
    expect(fromRollups).toEqual(firstRead)
    // The late documents are counted at the reader's clock: the log's reader stood at 1970.
    const { late_now: _c, ...logFigures } = fromLog
    expect(fromRollups).toMatchObject(logFigures)
    expect(fromLog.decisions).toBeGreaterThan(100)
    expect(fromLog.median_hours).not.toBeNull()
  })
})
