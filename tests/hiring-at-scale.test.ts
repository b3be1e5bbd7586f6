/**
 * The company's hiring screens at scale (decision 107), at a size CI runs quickly: every statement
 * of the panel (its summary, each tab, far pages, the search), the applicants list with each
 * filter and sort, and the matching drivers' count reads its tables through an index on both
 * engines (the bench, scripts/bench/hiring.ts, times them at 2,000 postings, 5,000 applicants and
 * 100,000 drivers); and driver_documents_accepted, kept by triggers, gives what the drivers'
 * records give: each applicant's n/22, the order by documents and the matching count.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dayInChile } from '#domain/format'
import { REQUIRED_DOCUMENT_COUNT } from '#domain/reference-data/documents'
import { communesByRegion } from '#domain/reference-data/geography'
import { VEHICLE_MOTO } from '#domain/reference-data/vehicles'
import { visibleToCompanies } from '#services/shared/account-visibility'
import { acceptedRequiredByDriver, REQUIRED_SLOTS } from '#services/shared/validated-drivers'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { hiringPlans, isHiringScan, REQUESTS, seedHiring, type HiringSeed } from '../scripts/bench/hiring'

const SIZE = { drivers: 2_000, companies: 8, postings: 150, applicants: 300 }

describe.each(engines)('the company hiring screens at scale on %s', (engine) => {
  let p: TestPlatform
  let seed: HiringSeed

  beforeAll(async () => {
    p = await createTestPlatform(engine)
    seed = await seedHiring(p, SIZE, p.now().getTime())
  }, 120_000)
  afterAll(async () => p.destroy())

  /** Each driver's accepted required documents in force on `now`, from their records. */
  async function fromRecords(now: Date, ids?: number[]) {
    let q = acceptedRequiredByDriver(p.db, now)
    if (ids) q = q.where('f.user_id', 'in', ids)
    const rows = await q.execute()
    return new Map(rows.map((r) => [r.user_id, Number(r.n)]))
  }

  /** driver_documents_accepted as the records give it: accepted whatever their dates, and the first expiry. */
  async function expectSummaryOfRecords(ids?: number[]) {
    let q = p.db
      .selectFrom('user_files as f')
      .select([
        'f.user_id',
        (eb) => eb.fn.countAll<number | string>().as('n'),
        (eb) => eb.fn.min('f.expires_on').as('first'),
      ])
      .where('f.file_status', '=', 'ACCEPTED')
      .where('f.purpose_name', 'in', REQUIRED_SLOTS)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('user_files as n')
              .select('n.id')
              .whereRef('n.user_id', '=', 'f.user_id')
              .whereRef('n.purpose_name', '=', 'f.purpose_name')
              .whereRef('n.id', '>', 'f.id'),
          ),
        ),
      )
      .groupBy('f.user_id')
    if (ids) q = q.where('f.user_id', 'in', ids)
    const expected = (await q.execute()).map((r) => ({
      user_id: r.user_id,
      accepted: Number(r.n),
      expires_first: r.first,
    }))
    let stored = p.db.selectFrom('driver_documents_accepted').select(['user_id', 'accepted', 'expires_first'])
    if (ids) stored = stored.where('user_id', 'in', ids)
    const rows = (await stored.execute()).map((r) => ({ ...r, accepted: Number(r.accepted) }))
    const byUser = (a: { user_id: number }, b: { user_id: number }) => a.user_id - b.user_id
    expect(rows.sort(byUser)).toEqual(expected.sort(byUser))
    return expected.length
  }

  it('seeds the company, its postings in every tab, the posting with its applicants in every stage', async () => {
    const postings = await p.db
      .selectFrom('job_postings')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('company_id', '=', seed.companyId)
      .groupBy('status')
      .execute()
    const n = Object.fromEntries(postings.map((r) => [r.status, Number(r.n)]))
    expect(n.open! + n.closed! + n.draft!).toBe(SIZE.postings + 1)
    expect(n.draft).toBeGreaterThan(0)
    const stages = await p.db
      .selectFrom('applications')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('posting_id', '=', seed.postingId)
      .groupBy('status')
      .execute()
    expect(stages).toHaveLength(5)
    expect(stages.reduce((a, r) => a + Number(r.n), 0)).toBe(SIZE.applicants)
    // Some drivers are validated, some are not, some have an expired document.
    const now = p.now()
    const counts = [...(await fromRecords(now)).values()]
    expect(counts.filter((c) => c === REQUIRED_DOCUMENT_COUNT).length).toBeGreaterThan(SIZE.drivers / 5)
    expect(counts.filter((c) => c < REQUIRED_DOCUMENT_COUNT).length).toBeGreaterThan(SIZE.drivers / 5)
    const expired = await p.db
      .selectFrom('user_files')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('expires_on', '<', dayInChile(now))
      .executeTakeFirstOrThrow()
    expect(Number(expired.n)).toBeGreaterThan(0)
  })

  it.each(REQUESTS.map((r) => [r.name, r] as const))('plans %s through indexes', async (_, request) => {
    const plans = await hiringPlans(p, request, seed, true)
    expect(plans.length).toBeGreaterThan(0)
    expect(plans.flatMap((x) => x.scans.map((s) => `${x.sql}\n  ${s.trim()}`))).toEqual([])
  })

  it('recognises a full scan of a large table in a plan', () => {
    expect(isHiringScan('SCAN a')).toBe(true)
    expect(isHiringScan('  SCAN applications')).toBe(true)
    expect(isHiringScan('SCAN jp USING COVERING INDEX job_postings_company_status_idx')).toBe(true)
    expect(isHiringScan('SEARCH a USING INDEX applications_posting_created_idx (posting_id=?)')).toBe(false)
    expect(isHiringScan('SEARCH dd USING INTEGER PRIMARY KEY (rowid=?)')).toBe(false)
    expect(isHiringScan('SCAN f VIRTUAL TABLE INDEX 0:M4')).toBe(false)
    expect(isHiringScan('SCAN v')).toBe(false)
    expect(isHiringScan('SCAN m USING INDEX application_messages_unread_idx')).toBe(false)
    expect(isHiringScan('SCAN m USING INDEX application_messages_thread_idx')).toBe(true)
    expect(isHiringScan('  ->  Seq Scan on applications a  (cost=0.00..1.00 rows=1 width=4)')).toBe(true)
    expect(isHiringScan('  ->  Seq Scan on driver_documents_accepted dd  (cost=0.00..1.00 rows=1 width=4)')).toBe(true)
    expect(isHiringScan('  ->  Values Scan on "*VALUES*"')).toBe(false)
  })

  it('keeps driver_documents_accepted what the records give, after the bulk load', async () => {
    expect(await expectSummaryOfRecords()).toBeGreaterThan(SIZE.drivers / 2)
  })

  it('keeps it through an upload, a decision, a new expiry date and deletions', async () => {
    const driver = await p.db
      .selectFrom('driver_documents_accepted')
      .select('user_id')
      .where('accepted', '=', REQUIRED_DOCUMENT_COUNT)
      .orderBy('user_id')
      .executeTakeFirstOrThrow()
    const id = driver.user_id
    const ts = p.now().toISOString()
    const upload = async (slot: string, status: 'PENDING' | 'ACCEPTED', expires: string | null = null) =>
      (
        await p.db
          .insertInto('user_files')
          .values({
            user_id: id,
            purpose_name: slot,
            file_status: status,
            storage_key: `trigger-test-${id}-${slot}-${Math.random()}`,
            mime_type: 'image/jpeg',
            size_bytes: 1,
            original_name: 'foto.jpg',
            rejection_reason: null,
            created_at: ts,
            reviewed_at: null,
            expires_on: expires,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    const accepted = async () =>
      Number(
        (
          await p.db
            .selectFrom('driver_documents_accepted')
            .select('accepted')
            .where('user_id', '=', id)
            .executeTakeFirst()
        )?.accepted ?? 0,
      )

    // A re-upload waits for review: the slot no longer counts.
    const pending = await upload('soap_frontal', 'PENDING', '2099-01-01')
    expect(await accepted()).toBe(21)
    await expectSummaryOfRecords([id])
    // Accepted: it counts again, with its date.
    await p.db.updateTable('user_files').set({ file_status: 'ACCEPTED' }).where('id', '=', pending).execute()
    expect(await accepted()).toBe(22)
    await expectSummaryOfRecords([id])
    // Its date moves to the past: still accepted, but the first expiry says it is out of force.
    await p.db.updateTable('user_files').set({ expires_on: '2001-01-01' }).where('id', '=', pending).execute()
    await expectSummaryOfRecords([id])
    // Rejected: out.
    await p.db.updateTable('user_files').set({ file_status: 'REJECTED' }).where('id', '=', pending).execute()
    expect(await accepted()).toBe(21)
    await expectSummaryOfRecords([id])
    // Deleted: the earlier record is the latest again.
    await p.db.deleteFrom('user_files').where('id', '=', pending).execute()
    expect(await accepted()).toBe(22)
    await expectSummaryOfRecords([id])
    // All records gone: no row.
    await p.db.deleteFrom('user_files').where('user_id', '=', id).execute()
    expect(await p.db.selectFrom('driver_documents_accepted').selectAll().where('user_id', '=', id).execute()).toEqual(
      [],
    )
  })

  it('gives each applicant the n/22 of their records, and orders by it, expired documents counted out', async () => {
    const api = testClient(p)
    const now = p.now()
    // One applicant validated but for an expired document: their count comes from the records.
    const someone = await p.db
      .selectFrom('applications as a')
      .innerJoin('driver_documents_accepted as dd', 'dd.user_id', 'a.user_id')
      .select('a.user_id')
      .where('a.posting_id', '=', seed.postingId)
      .where('dd.accepted', '=', REQUIRED_DOCUMENT_COUNT)
      .where((eb) => eb.or([eb('dd.expires_first', 'is', null), eb('dd.expires_first', '>=', dayInChile(now))]))
      .orderBy('a.user_id')
      .executeTakeFirstOrThrow()
    await p.db
      .updateTable('user_files')
      .set({ expires_on: '2001-01-01' })
      .where('user_id', '=', someone.user_id)
      .where('purpose_name', '=', 'licencia_conducir_frontal')
      .execute()
    for (const query of ['', '?sort=documentos', '?status=nueva&sort=documentos']) {
      const res = await api.get(`/business/job-postings/${seed.postingId}/applicants${query}`, seed.headers)
      expect(res.status).toBe(200)
      const list = res.body.applicants as Array<{ id_user: number; documents_accepted: number }>
      const truth = await fromRecords(
        now,
        list.map((a) => a.id_user),
      )
      expect(list.map((a) => a.documents_accepted)).toEqual(list.map((a) => truth.get(a.id_user) ?? 0))
      if (query.includes('documentos')) {
        const docs = list.map((a) => a.documents_accepted)
        expect(docs).toEqual([...docs].sort((x, y) => y - x))
      }
      if (query === '') expect(list.find((a) => a.id_user === someone.user_id)?.documents_accepted).toBe(21)
    }
  })

  it('counts the matching drivers as the records give them', async () => {
    const now = p.now()
    const res = await testClient(p).get(`/business/job-postings/${seed.postingId}/matching-drivers`, seed.headers)
    expect(res.status).toBe(200)
    const communes = communesByRegion(13000).map((c) => c.id_commune)
    const candidates = p.db
      .selectFrom('users as u')
      .select('u.id')
      .where('u.invitations_opt_in_at', 'is not', null)
      .where('u.id_vehicle', '=', VEHICLE_MOTO)
      .where('u.id_commune', 'in', communes)
      .where('u.role', '=', 'User')
      .where('u.opted_out_at', 'is', null)
      .where(visibleToCompanies('u.id'))
    const validated = await acceptedRequiredByDriver(p.db, now)
      .where('f.user_id', 'in', candidates)
      .having(sql<number>`count(distinct f.purpose_name)`, '=', REQUIRED_DOCUMENT_COUNT)
      .execute()
    expect(validated.length).toBeGreaterThan(0)
    expect(res.body.matching).toBe(validated.length)
    expect(res.body.invited).toBeGreaterThan(0)
  })
})
