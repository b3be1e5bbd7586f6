/**
 * The company's hiring screens at scale (decision 107), at a size CI runs quickly: every statement
 * of the panel (its summary, each tab, far pages, the search), the applicants list with each
 * filter and sort, and the matching drivers' count reads its tables through an index on both
 * engines (the bench, scripts/bench/hiring.ts, times them at 2,000 postings, 5,000 applicants and
 * 100,000 drivers); and driver_documents_accepted, kept by triggers, gives what the drivers'
 * records give: each applicant's n/22, the order by documents and the matching count. The
 * applicant counters (decision 110: posting_applicant_counts, and each application's hidden and
 * unread columns), kept by triggers, are what the applications, their drivers and their messages
 * give, after the bulk load and through every write that moves them.
 */
import { sql, type Updateable } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dayInChile } from '#domain/format'
import { REQUIRED_DOCUMENT_COUNT } from '#domain/reference-data/documents'
import { communesByRegion } from '#domain/reference-data/geography'
import { VEHICLE_MOTO } from '#domain/reference-data/vehicles'
import { APPLICANTS_PAGE_SIZE, APPLICATION_STATUSES } from '#domain/validation/marketplace'
import type { UsersTable as User } from '#services/platform/db/schema'
import { visibleToCompanies } from '#services/shared/account-visibility'
import { acceptedRequiredByDriver, refreshApplicantDocuments, REQUIRED_SLOTS } from '#services/shared/validated-drivers'
import { business, companyAccount, driver, driverAccount, postingBody } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { startSession } from '#services/users/session-object'
import { hiringPlans, isHiringScan, REQUESTS, seedHiring, type HiringSeed } from '../scripts/bench/hiring'

const SIZE = { drivers: 2_000, companies: 8, postings: 150, applicants: 300 }

describe.each(engines)('the company hiring screens at scale on %s', (engine) => {
  let p: TestPlatform
  let seed: HiringSeed

  beforeAll(async () => {
    p = await createTestPlatform(engine)
    // A clock that moves only when a test advances it: the applications' copies of n/22 are of the
    // seed's day in Chile, and a run that crossed Chile's midnight compared them with the next day's.
    const start = p.now().getTime()
    let offset = 0
    p.now = () => new Date(start + offset)
    p.advance = (ms) => void (offset += ms)
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
    // Each application's copy of its driver's row (migration 0040): 0 and no date without one; or,
    // once the hourly refresh brought it to the day, the n/22 in force and the date it holds to.
    const row = new Map(expected.map((r) => [r.user_id, r]))
    const now = p.now()
    let inForce = acceptedRequiredByDriver(p.db, now).select((eb) => eb.fn.min('f.expires_on').as('until'))
    if (ids) inForce = inForce.where('f.user_id', 'in', ids)
    const onTheDay = new Map((await inForce.execute()).map((r) => [r.user_id, { n: Number(r.n), until: r.until }]))
    let copies = p.db.selectFrom('applications').select(['id', 'user_id', 'documents_accepted', 'documents_until'])
    if (ids) copies = copies.where('user_id', 'in', ids)
    const off = (await copies.execute()).filter((a) => {
      const copied =
        Number(a.documents_accepted) === (row.get(a.user_id)?.accepted ?? 0) &&
        a.documents_until === (row.get(a.user_id)?.expires_first ?? null)
      const refreshed =
        Number(a.documents_accepted) === (onTheDay.get(a.user_id)?.n ?? 0) &&
        a.documents_until === (onTheDay.get(a.user_id)?.until ?? null)
      return !copied && !refreshed
    })
    expect(off).toEqual([])
    return expected.length
  }

  /** Every page of a posting's applicants list, in order, and the page size and count it reported. */
  async function allPages(postingId: number, query: string, headers: Record<string, string>) {
    const api = testClient(p)
    const out: Array<{ id_application: number; id_user: number; documents_accepted: number; applied_at: string }> = []
    for (let page = 1; ; page++) {
      const res = await api.get(
        `/business/job-postings/${postingId}/applicants?${query}${query ? '&' : ''}page=${page}`,
        headers,
      )
      expect(res.status).toBe(200)
      expect(res.body.page).toBe(page)
      const list = res.body.applicants as typeof out
      expect(list.length).toBeLessThanOrEqual(APPLICANTS_PAGE_SIZE)
      out.push(...list)
      const counts = res.body.status_counts as Record<string, number>
      const count = res.body.status ? counts[res.body.status as string]! : (res.body.total as number)
      if (list.length < APPLICANTS_PAGE_SIZE) {
        expect(out.length).toBe(count)
        return out
      }
    }
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
    await expectSummaryOfRecords([someone.user_id])
    await expectLists(someone.user_id)
    // The hourly refresh brings the copies past their date to the day: none is left past it, the
    // lists read the same.
    const past = async () =>
      Number(
        (
          await p.db
            .selectFrom('applications')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('documents_until', '<', dayInChile(now))
            .executeTakeFirstOrThrow()
        ).n,
      )
    expect(await past()).toBeGreaterThan(0)
    expect(await refreshApplicantDocuments(p.db, now)).toBeGreaterThan(0)
    expect(await past()).toBe(0)
    const copies = await p.db
      .selectFrom('applications')
      .select(['user_id', 'documents_accepted'])
      .where('posting_id', '=', seed.postingId)
      .execute()
    const truth = await fromRecords(
      now,
      copies.map((c) => c.user_id),
    )
    expect(copies.filter((c) => Number(c.documents_accepted) !== (truth.get(c.user_id) ?? 0))).toEqual([])
    await expectLists(someone.user_id)
  })

  /** The posting's list on every page, newest first and by documents, with the n/22 the records give. */
  async function expectLists(someone: number) {
    const now = p.now()
    for (const query of ['', '?sort=documentos', '?status=nueva&sort=documentos']) {
      const list = await allPages(seed.postingId, query.slice(1), seed.headers)
      // Each applicant once, across the pages.
      expect(new Set(list.map((a) => a.id_application)).size).toBe(list.length)
      const truth = await fromRecords(
        now,
        list.map((a) => a.id_user),
      )
      expect(list.map((a) => a.documents_accepted)).toEqual(list.map((a) => truth.get(a.id_user) ?? 0))
      if (query.includes('documentos')) {
        const docs = list.map((a) => a.documents_accepted)
        expect(docs).toEqual([...docs].sort((x, y) => y - x))
        // Within the same n/22, newest first, then the later application first.
        const key = (a: (typeof list)[number]) => [a.documents_accepted, a.applied_at, a.id_application] as const
        for (let i = 1; i < list.length; i++) {
          const [n0, at0, id0] = key(list[i - 1]!)
          const [n1, at1, id1] = key(list[i]!)
          if (n0 === n1) expect(at0 > at1 || (at0 === at1 && id0 > id1)).toBe(true)
        }
        if (!query.includes('status')) expect(list.find((a) => a.id_user === someone)?.documents_accepted).toBe(21)
      }
      if (query === '') expect(list.find((a) => a.id_user === someone)?.documents_accepted).toBe(21)
    }
  }

  /**
   * A posting's matching and invitable counts as the drivers' profiles and records give them on
   * `now` (the rule the count read before matching_drivers): the opted-in, visible drivers with the
   * vehicle in the region with the 22 accepted and in force, and those not invited nor applied yet.
   */
  async function matchesOfRecords(postingId: number, vehicle: number, region: number, now: Date) {
    const communes = communesByRegion(region).map((c) => c.id_commune)
    const candidates = p.db
      .selectFrom('users as u')
      .select('u.id')
      .where('u.invitations_opt_in_at', 'is not', null)
      .where('u.id_vehicle', '=', vehicle)
      .where('u.id_commune', 'in', communes)
      .where('u.role', '=', 'User')
      .where('u.opted_out_at', 'is', null)
      .where(visibleToCompanies('u.id'))
    const validated = (
      await acceptedRequiredByDriver(p.db, now)
        .where('f.user_id', 'in', candidates)
        .having(sql<number>`count(distinct f.purpose_name)`, '=', REQUIRED_DOCUMENT_COUNT)
        .execute()
    ).map((v) => v.user_id)
    const reached = validated.length
      ? await p.db
          .selectFrom('users as u')
          .select('u.id')
          .where('u.id', 'in', validated)
          .where(({ or, exists, selectFrom }) =>
            or([
              exists(
                selectFrom('posting_invitations as i')
                  .select('i.id')
                  .whereRef('i.user_id', '=', 'u.id')
                  .where('i.posting_id', '=', postingId),
              ),
              exists(
                selectFrom('applications as a')
                  .select('a.id')
                  .whereRef('a.user_id', '=', 'u.id')
                  .where('a.posting_id', '=', postingId),
              ),
            ]),
          )
          .execute()
      : []
    return { matching: validated.length, invitable: validated.length - reached.length }
  }

  /** matching_drivers as users and driver_documents_accepted give it (migration 0041's rule). */
  async function expectMatchingDriversOfSource() {
    const expected = await p.db
      .selectFrom('users as u')
      .innerJoin('driver_documents_accepted as dd', 'dd.user_id', 'u.id')
      .select(['u.id as user_id', 'u.id_vehicle', 'u.id_commune', 'dd.expires_first as valid_until'])
      .where('u.role', '=', 'User')
      .where('u.invitations_opt_in_at', 'is not', null)
      .where('u.opted_out_at', 'is', null)
      .where(visibleToCompanies('u.id'))
      .where('u.id_vehicle', 'is not', null)
      .where('u.id_commune', 'is not', null)
      .where('dd.accepted', '=', REQUIRED_DOCUMENT_COUNT)
      .orderBy('u.id')
      .execute()
    const stored = await p.db
      .selectFrom('matching_drivers')
      .select(['user_id', 'id_vehicle', 'id_commune', 'valid_until'])
      .orderBy('user_id')
      .execute()
    expect(stored).toEqual(expected)
    return stored.length
  }

  /** The big posting's figures as the route answers them, and as the records give them. */
  async function expectMatchesOfRecords() {
    // A session started on the clock's day: the tests move it by months.
    const owner = await p.db
      .selectFrom('users')
      .selectAll('users')
      .innerJoin('companies', 'companies.user_id', 'users.id')
      .where('companies.id', '=', seed.companyId)
      .executeTakeFirstOrThrow()
    const headers = { 'auth-business': await startSession(p, owner) }
    const res = await testClient(p).get(`/business/job-postings/${seed.postingId}/matching-drivers`, headers)
    expect(res.status).toBe(200)
    const truth = await matchesOfRecords(seed.postingId, VEHICLE_MOTO, 13000, p.now())
    expect({ matching: res.body.matching, invitable: res.body.invitable }).toEqual(truth)
    return res.body as { matching: number; invitable: number; invited: number }
  }

  it('counts the matching drivers as the records give them, also as their documents expire', async () => {
    expect(await expectMatchingDriversOfSource()).toBeGreaterThan(0)
    const first = await expectMatchesOfRecords()
    expect(first.matching).toBeGreaterThan(first.invitable)
    expect(first.invited).toBeGreaterThan(0)
    // Days later some drivers' first expiry has passed: out of the count without any write.
    const start = p.now()
    for (const days of [1, 20, 90, 400]) {
      p.advance(start.getTime() + days * 86_400_000 - p.now().getTime())
      const later = await expectMatchesOfRecords()
      if (days === 90) expect(later.matching).toBeLessThan(first.matching)
    }
    p.advance(start.getTime() - p.now().getTime())
    expect(await expectMatchesOfRecords()).toEqual(first)
  })

  it('keeps matching_drivers what the profiles and documents give, through every change', async () => {
    const row = await p.db
      .selectFrom('matching_drivers as md')
      .innerJoin('users as u', 'u.id', 'md.user_id')
      .select(['md.user_id', 'u.id_commune'])
      .where('md.id_vehicle', '=', VEHICLE_MOTO)
      .where(
        'md.id_commune',
        'in',
        communesByRegion(13000).map((c) => c.id_commune),
      )
      .where('md.valid_until', 'is not', null)
      .where('md.valid_until', '>=', dayInChile(p.now()))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('applications as a')
              .select('a.id')
              .whereRef('a.user_id', '=', 'md.user_id')
              .where('a.posting_id', '=', seed.postingId),
          ),
        ),
      )
      .orderBy('md.user_id')
      .executeTakeFirstOrThrow()
    const id = row.user_id
    const ts = p.now().toISOString()
    const base = await expectMatchesOfRecords()
    const user = (set: Updateable<User>) => p.db.updateTable('users').set(set).where('id', '=', id).execute()
    const step = async (expected: number) => {
      await expectMatchingDriversOfSource()
      expect((await expectMatchesOfRecords()).matching).toBe(expected)
    }

    await user({ invitations_opt_in_at: null })
    await step(base.matching - 1)
    await user({ invitations_opt_in_at: ts })
    await step(base.matching)
    await user({ opted_out_at: ts })
    await step(base.matching - 1)
    await user({ opted_out_at: null })
    await step(base.matching)
    await user({ paused_at: ts })
    await step(base.matching - 1)
    await user({ paused_at: null })
    await step(base.matching)
    await user({ id_vehicle: VEHICLE_MOTO + 1 })
    await step(base.matching - 1)
    await user({ id_vehicle: VEHICLE_MOTO })
    await step(base.matching)
    await user({ id_commune: 5109 })
    await step(base.matching - 1)
    await user({ id_commune: row.id_commune })
    await step(base.matching)

    // A document re-uploaded waits for review, then is accepted; then one expires; then rejected.
    const pending = (
      await p.db
        .insertInto('user_files')
        .values({
          user_id: id,
          purpose_name: 'soap_frontal',
          file_status: 'PENDING',
          storage_key: `matching-test-${id}`,
          mime_type: 'image/jpeg',
          size_bytes: 1,
          original_name: 'foto.jpg',
          rejection_reason: null,
          created_at: ts,
          reviewed_at: null,
          expires_on: '2099-01-01',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
    await step(base.matching - 1)
    await p.db.updateTable('user_files').set({ file_status: 'ACCEPTED' }).where('id', '=', pending).execute()
    await step(base.matching)
    await p.db.updateTable('user_files').set({ expires_on: '2001-01-01' }).where('id', '=', pending).execute()
    await step(base.matching - 1)
    await p.db.updateTable('user_files').set({ file_status: 'REJECTED' }).where('id', '=', pending).execute()
    await step(base.matching - 1)
    await p.db.deleteFrom('user_files').where('id', '=', pending).execute()
    await step(base.matching)
    // Invited: still matching, no longer invitable.
    await p.db
      .insertInto('posting_invitations')
      .values({
        posting_id: seed.postingId,
        user_id: id,
        company_id: seed.companyId,
        day: dayInChile(p.now()),
        created_at: ts,
      })
      .onConflict((oc) => oc.columns(['posting_id', 'user_id']).doNothing())
      .execute()
    expect(await expectMatchesOfRecords()).toMatchObject({ matching: base.matching })
    // The account deleted: gone with it.
    await p.db.deleteFrom('users').where('id', '=', id).execute()
    await step(base.matching - 1)
  })

  /** Every application's hidden and unread columns and every posting's counters, from the source rows. */
  async function expectCountersOfSource() {
    const hiddenUser = sql<number>`case when u.paused_at is not null or u.deletion_due_at is not null
      or u.closed_at is not null then 1 else 0 end`
    const unreadFrom = (sender: 'driver' | 'company') =>
      sql<number | string>`(select count(*) from application_messages m where m.application_id = a.id
        and m.sender = ${sender} and m.read_at is null)`
    const applications = await p.db
      .selectFrom('applications as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select([
        'a.id',
        'a.hidden',
        'a.company_unread',
        'a.driver_unread',
        hiddenUser.as('hidden_source'),
        unreadFrom('driver').as('company_unread_source'),
        unreadFrom('company').as('driver_unread_source'),
      ])
      .execute()
    const off = applications.filter(
      (a) =>
        Number(a.hidden) !== Number(a.hidden_source) ||
        Number(a.company_unread) !== Number(a.company_unread_source) ||
        Number(a.driver_unread) !== Number(a.driver_unread_source),
    )
    expect(off).toEqual([])
    const source = await p.db
      .selectFrom('job_postings as jp')
      .leftJoin('applications as a', (j) => j.onRef('a.posting_id', '=', 'jp.id').on(visibleToCompanies('a.user_id')))
      .leftJoin('application_messages as m', (j) =>
        j.onRef('m.application_id', '=', 'a.id').on('m.sender', '=', 'driver').on('m.read_at', 'is', null),
      )
      .select([
        'jp.id as posting_id',
        'jp.company_id',
        sql<number>`case when jp.status = 'open' then 1 else 0 end`.as('open'),
        sql<number | string>`count(distinct a.id)`.as('total'),
        ...APPLICATION_STATUSES.map((st) =>
          sql<number | string>`count(distinct case when a.status = ${st} then a.id end)`.as(st),
        ),
        sql<number | string>`count(distinct case when a.seen_at is null then a.id end)`.as('fresh'),
        sql<number | string>`count(m.id)`.as('unread'),
      ])
      .groupBy(['jp.id', 'jp.company_id', 'jp.status'])
      .execute()
    const stored = await p.db.selectFrom('posting_applicant_counts').selectAll().execute()
    const norm = (rows: Array<Record<string, unknown>>) =>
      rows
        .map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])))
        .sort((x, y) => x.posting_id! - y.posting_id!)
    expect(norm(stored)).toEqual(norm(source))
  }

  /** The panel's figures as the statements before the counters gave them, from the source rows. */
  async function panelOfSource(companyId: number) {
    const applicants = await p.db
      .selectFrom('job_postings as jp')
      .innerJoin('applications as a', 'a.posting_id', 'jp.id')
      .select([
        sql<number | string>`coalesce(sum(case when a.seen_at is null then 1 else 0 end), 0)`.as('fresh'),
        sql<number | string>`coalesce(sum(case when a.status in ('nueva', 'en_revision') then 1 else 0 end), 0)`.as(
          'waiting',
        ),
      ])
      .where('jp.company_id', '=', companyId)
      .where('jp.status', '=', 'open')
      .where(visibleToCompanies('a.user_id'))
      .executeTakeFirstOrThrow()
    const unread = await p.db
      .selectFrom('application_messages as m')
      .innerJoin('applications as a', 'a.id', 'm.application_id')
      .innerJoin('job_postings as jp', 'jp.id', 'a.posting_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('jp.company_id', '=', companyId)
      .where('m.sender', '=', 'driver')
      .where('m.read_at', 'is', null)
      .where(visibleToCompanies('a.user_id'))
      .executeTakeFirstOrThrow()
    return {
      new_applicants: Number(applicants.fresh),
      awaiting_reply: Number(applicants.waiting),
      unread_messages: Number(unread.n),
    }
  }

  it('keeps the applicant counters what the applications and their messages give, after the bulk load', async () => {
    await expectCountersOfSource()
    const res = await testClient(p).get('/business/panel-summary', seed.headers)
    expect(res.status).toBe(200)
    const truth = await panelOfSource(seed.companyId)
    expect(truth.new_applicants).toBeGreaterThan(0)
    expect(truth.unread_messages).toBeGreaterThan(0)
    expect(res.body).toMatchObject(truth)
  })

  it('keeps them through applying, stages, seeing, messages both ways, pausing, withdrawing, deleting', async () => {
    const api = testClient(p)
    const company = await companyAccount(p, 'Contadores SpA')
    const companyHeaders = business(company)
    const created = await api.post('/business/create-job-posting', postingBody({ status: 'open' }), companyHeaders)
    expect(created.status).toBe(201)
    const postingId = created.body.id as number
    const panel = async () => (await api.get('/business/panel-summary', companyHeaders)).body
    const drivers = [await driverAccount(p, 'Rosa'), await driverAccount(p, 'Iván'), await driverAccount(p, 'Luz')]
    for (const d of drivers)
      expect((await api.post('/users/postulate-job-posting', { id_publication: postingId }, driver(d))).status).toBe(
        201,
      )
    await expectCountersOfSource()
    expect(await panel()).toMatchObject({ new_applicants: 3, awaiting_reply: 3, unread_messages: 0 })

    const list = await api.get(`/business/job-postings/${postingId}/applicants`, companyHeaders)
    const listed = list.body.applicants as Array<{ id_application: number; id_user: number }>
    const ids = listed.map((a) => a.id_application)
    expect(list.body.status_counts).toMatchObject({ nueva: 3 })
    // Seen, then moved through the stages one and several at a time.
    await api.put(`/business/job-postings/${postingId}/applicants-seen`, { applications: [ids[0]] }, companyHeaders)
    await expectCountersOfSource()
    expect(await panel()).toMatchObject({ new_applicants: 2, awaiting_reply: 3 })
    await api.put(`/business/update-application-status/${ids[1]}`, { status: 'contactado' }, companyHeaders)
    await api.put(
      `/business/job-postings/${postingId}/applicants-status`,
      { applications: [ids[0], ids[2]], status: 'seleccionado' },
      companyHeaders,
    )
    await expectCountersOfSource()
    expect(await panel()).toMatchObject({ new_applicants: 0, awaiting_reply: 0 })

    // The company writes to two, one answers; each side reads.
    const [first, second] = [ids[0]!, ids[1]!]
    const owner = (id: number) =>
      drivers.find((d) => d.userId === listed.find((a) => a.id_application === id)!.id_user)!
    for (const id of [first, second])
      expect((await api.post(`/business/applications/${id}/messages`, { body: 'Hola' }, companyHeaders)).status).toBe(
        201,
      )
    await expectCountersOfSource()
    const badge = async (id: number) =>
      (await api.get('/users/applications/messages/unread', driver(owner(id)))).body.unread as number
    expect(await badge(first)).toBe(1)
    await api.get(`/users/applications/${first}/messages`, driver(owner(first)))
    expect(await badge(first)).toBe(0)
    expect(
      (await api.post(`/users/applications/${first}/messages`, { body: 'Gracias' }, driver(owner(first)))).status,
    ).toBe(201)
    await expectCountersOfSource()
    expect(await panel()).toMatchObject({ unread_messages: 1 })
    const byId = async () =>
      new Map(
        (
          (await api.get(`/business/job-postings/${postingId}/applicants`, companyHeaders)).body.applicants as Array<{
            id_application: number
            unread_messages: number
          }>
        ).map((a) => [a.id_application, a.unread_messages]),
      )
    expect((await byId()).get(first)).toBe(1)

    // A paused driver leaves the counts and comes back with them.
    const paused = owner(first)
    await p.db.updateTable('users').set({ paused_at: p.now().toISOString() }).where('id', '=', paused.userId).execute()
    await expectCountersOfSource()
    expect(await panel()).toMatchObject({ unread_messages: 0 })
    await p.db.updateTable('users').set({ paused_at: null }).where('id', '=', paused.userId).execute()
    await expectCountersOfSource()
    expect(await panel()).toMatchObject({ unread_messages: 1 })
    await api.get(`/business/applications/${first}/messages`, companyHeaders)
    await expectCountersOfSource()
    expect(await panel()).toMatchObject({ unread_messages: 0 })

    // An application written for a driver already out of sight is not counted.
    const other = await api.post('/business/create-job-posting', postingBody({ status: 'open' }), companyHeaders)
    await p.db
      .updateTable('users')
      .set({ deletion_due_at: p.now().toISOString() })
      .where('id', '=', paused.userId)
      .execute()
    const at = p.now().toISOString()
    await p.db
      .insertInto('applications')
      .values({
        posting_id: other.body.id as number,
        user_id: paused.userId,
        status: 'nueva',
        created_at: at,
        updated_at: at,
      })
      .execute()
    await expectCountersOfSource()

    // Withdrawn, the driver deleted with their applications and messages, a posting closed and deleted.
    expect(
      (await api.post('/users/withdraw-postulation', { id_publication: postingId }, driver(owner(ids[2]!)))).status,
    ).toBe(200)
    await expectCountersOfSource()
    await p.db.deleteFrom('users').where('id', '=', paused.userId).execute()
    await expectCountersOfSource()
    await p.db.deleteFrom('users').where('id', '=', owner(second).userId).execute()
    await expectCountersOfSource()
    expect((await api.put(`/business/close-job-posting/${postingId}`, {}, companyHeaders)).status).toBe(200)
    await expectCountersOfSource()
    expect(await panel()).toMatchObject({ open_postings: 1, new_applicants: 0, unread_messages: 0 })
    expect((await api.delete(`/business/delete-job-posting/${postingId}`, companyHeaders)).status).toBe(200)
    await expectCountersOfSource()
  })

  it('gives the driver their unread messages from the counters, as the messages give them', async () => {
    const res = await testClient(p).get('/users/applications/messages/unread', seed.driverHeaders)
    expect(res.status).toBe(200)
    expect(res.body.unread).toBeGreaterThan(0)
    const threads = await testClient(p).get('/users/applications/messages', seed.driverHeaders)
    expect(res.body.unread).toBe(threads.body.unread_total)
  })
})
