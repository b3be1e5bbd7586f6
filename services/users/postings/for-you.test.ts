import { type CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  business,
  companyAccount,
  driver,
  driverAccount,
  insertPostings,
  type Account,
  type CompanyAccount,
} from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { isFullScan, planOf, seedPostings } from '../../../scripts/bench/search'
import { communeInAddress, FOR_YOU_LIMIT, postingsForYou } from './for-you'

/**
 * Santiago Centro 13101, Providencia 13123 and Las Condes 13114 are in the Metropolitan Region
 * (13000); Valparaíso 5101 is not.
 */
const FURGON_CENTRO = { id_vehicle: 1, id_capacity: 2, id_zone: 2, id_region: 13000, id_commune: 13101 }

describe('communeInAddress', () => {
  it('reads the commune an address names as a whole part, the last one first', () => {
    expect(communeInAddress('Av. Providencia 1234, Providencia')).toBe(13123)
    expect(communeInAddress('Pasaje Los Aromos 45, las condes, Santiago')).toBe(13114)
    expect(communeInAddress('Calle 5 Norte 120, VALPARAÍSO')).toBe(5101)
    expect(communeInAddress('Av. Santiago 12')).toBeNull()
    expect(communeInAddress('')).toBeNull()
    expect(communeInAddress(null)).toBeNull()
  })
})

describe.each(engines)('«Ofertas para ti» on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>
  let andes: CompanyAccount
  let camila: Account
  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
    andes = await companyAccount(p)
    camila = await driverAccount(p)
  })
  afterEach(async () => p.destroy())

  const forYou = (who: Account) => api.get('/users/job-postings-for-you', driver(who))
  const titles = (body: { jobPostings: Array<{ title: string }> }) => body.jobPostings.map((x) => x.title)

  it('is empty, with nothing to match on, while nothing is known of the driver', async () => {
    await insertPostings(p, andes.companyId, [{ title: 'Reparto en furgón', ...FURGON_CENTRO }])
    const res = await forYou(camila)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ jobPostings: [], vehicles: [], communes: [], source: null })
  })

  it(
    "matches the vehicle and commune of the driver's saves and applications: their " +
      'commune first, then their region, newest first',
    async () => {
      const [saved, applied] = await insertPostings(p, andes.companyId, [
        { title: 'Guardada', ...FURGON_CENTRO },
        { title: 'Postulada', ...FURGON_CENTRO, id_commune: 13123 },
        { title: 'Misma comuna', ...FURGON_CENTRO },
        { title: 'Misma región', ...FURGON_CENTRO, id_commune: 13114 },
        { title: 'Otro vehículo', ...FURGON_CENTRO, id_vehicle: 3, id_capacity: null },
        { title: 'Otra región', ...FURGON_CENTRO, id_region: 5000, id_commune: 5101 },
        { title: 'Cerrada', ...FURGON_CENTRO, status: 'closed' },
        { title: 'Misma comuna, antes', ...FURGON_CENTRO, id_commune: 13123 },
      ])
      expect((await api.post('/users/save-posting', { id_publication: saved }, driver(camila))).status).toBe(201)
      expect((await api.post('/users/postulate-job-posting', { id_publication: applied }, driver(camila))).status).toBe(
        201,
      )

      const res = await forYou(camila)
      expect(res.status).toBe(200)
      // Neither the saved nor the applied one; the driver's two communes (newest first) before the region's Las Condes.
      expect(titles(res.body)).toEqual(['Misma comuna, antes', 'Misma comuna', 'Misma región'].slice(0, FOR_YOU_LIMIT))
      expect(res.body.vehicles).toEqual([{ id_vehicle: 1, name_vehicle: 'Furgón' }])
      expect(res.body.source).toBe('activity')
      expect(res.body.communes.map((c: { name_commune: string }) => c.name_commune).sort()).toEqual([
        'Providencia',
        'Santiago Centro',
      ])
      expect(res.body.jobPostings[0]).toMatchObject({
        applied: false,
        saved: false,
        status: 'open',
        name_vehicle: 'Furgón',
        payment_amount: 45000,
        payment_period: 'por día',
      })
    },
  )

  it('keeps to a few postings', async () => {
    const [first] = await insertPostings(
      p,
      andes.companyId,
      Array.from({ length: 6 }, (_, i) => ({ title: `Ruta ${i + 1}`, ...FURGON_CENTRO })),
    )
    await api.post('/users/save-posting', { id_publication: first }, driver(camila))
    const res = await forYou(camila)
    expect(res.body.jobPostings).toHaveLength(FOR_YOU_LIMIT)
    expect(titles(res.body)).toEqual(['Ruta 6', 'Ruta 5', 'Ruta 4'])
  })

  it(
    'falls back to the commune of the profile address, any vehicle, when the driver ' + 'has not saved or applied',
    async () => {
      await p.db
        .updateTable('users')
        .set({ address: 'Av. Providencia 1234, Providencia' })
        .where('id', '=', camila.userId)
        .execute()
      await insertPostings(p, andes.companyId, [
        { title: 'Moto en Providencia', ...FURGON_CENTRO, id_vehicle: 3, id_capacity: null, id_commune: 13123 },
        { title: 'Furgón en Santiago Centro', ...FURGON_CENTRO },
        { title: 'Furgón en Valparaíso', ...FURGON_CENTRO, id_region: 5000, id_commune: 5101 },
      ])
      const res = await forYou(camila)
      expect(titles(res.body)).toEqual(['Moto en Providencia', 'Furgón en Santiago Centro'])
      expect(res.body.vehicles).toEqual([])
      expect(res.body.communes).toEqual([{ id_commune: 13123, name_commune: 'Providencia', id_region: 13000 }])
      expect(res.body.source).toBe('address')
    },
  )

  it(
    'prefers the vehicle type and commune the driver stated in «Mi perfil» over ' +
      'saves, applications and the address',
    async () => {
      await p.db
        .updateTable('users')
        .set({ address: 'Calle 5 Norte 120, Valparaíso', id_vehicle: 3, id_commune: 13123 })
        .where('id', '=', camila.userId)
        .execute()
      const [saved] = await insertPostings(p, andes.companyId, [
        { title: 'Guardada en furgón', ...FURGON_CENTRO, id_region: 5000, id_commune: 5101 },
        { title: 'Furgón en Valparaíso', ...FURGON_CENTRO, id_region: 5000, id_commune: 5101 },
        { title: 'Moto en Providencia', ...FURGON_CENTRO, id_vehicle: 3, id_capacity: null, id_commune: 13123 },
        { title: 'Moto en Santiago Centro', ...FURGON_CENTRO, id_vehicle: 3, id_capacity: null },
        {
          title: 'Moto en Valparaíso',
          ...FURGON_CENTRO,
          id_vehicle: 3,
          id_capacity: null,
          id_region: 5000,
          id_commune: 5101,
        },
        { title: 'Furgón en Providencia', ...FURGON_CENTRO, id_commune: 13123 },
      ])
      await api.post('/users/save-posting', { id_publication: saved }, driver(camila))
      const res = await forYou(camila)
      expect(titles(res.body)).toEqual(['Moto en Providencia', 'Moto en Santiago Centro'])
      expect(res.body.vehicles).toEqual([{ id_vehicle: 3, name_vehicle: 'Moto' }])
      expect(res.body.communes).toEqual([{ id_commune: 13123, name_commune: 'Providencia', id_region: 13000 }])
      expect(res.body.source).toBe('profile')
    },
  )

  it(
    'takes what the profile does not state from the saves and applications, then the ' + 'address, and says so',
    async () => {
      await p.db
        .updateTable('users')
        .set({ address: 'Av. Providencia 1234, Providencia', id_vehicle: 3 })
        .where('id', '=', camila.userId)
        .execute()
      await insertPostings(p, andes.companyId, [
        { title: 'Moto en Providencia', ...FURGON_CENTRO, id_vehicle: 3, id_capacity: null, id_commune: 13123 },
        { title: 'Furgón en Providencia', ...FURGON_CENTRO, id_commune: 13123 },
      ])
      const byAddress = await forYou(camila)
      expect(titles(byAddress.body)).toEqual(['Moto en Providencia'])
      expect(byAddress.body.source).toBe('profile_address')

      await p.db
        .updateTable('users')
        .set({ id_vehicle: null, id_commune: 13123 })
        .where('id', '=', camila.userId)
        .execute()
      const [saved] = await insertPostings(p, andes.companyId, [
        { title: 'Guardada en furgón', ...FURGON_CENTRO, id_region: 5000, id_commune: 5101 },
      ])
      await api.post('/users/save-posting', { id_publication: saved }, driver(camila))
      const mixed = await forYou(camila)
      expect(titles(mixed.body)).toEqual(['Furgón en Providencia'])
      expect(mixed.body.vehicles).toEqual([{ id_vehicle: 1, name_vehicle: 'Furgón' }])
      expect(mixed.body.communes).toEqual([{ id_commune: 13123, name_commune: 'Providencia', id_region: 13000 }])
      expect(mixed.body.source).toBe('profile_activity')
    },
  )

  it("is the driver's own: another driver's saves do not shape it", async () => {
    const other = await driverAccount(p, 'Pedro')
    const [saved] = await insertPostings(p, andes.companyId, [
      { title: 'Guardada por Pedro', ...FURGON_CENTRO },
      { title: 'Otra', ...FURGON_CENTRO },
    ])
    await api.post('/users/save-posting', { id_publication: saved }, driver(other))
    expect((await forYou(camila)).body).toEqual({ jobPostings: [], vehicles: [], communes: [], source: null })
    expect(titles((await forYou(other)).body)).toEqual(['Otra'])
  })

  it('answers 401 without a token and 403 to a company', async () => {
    expect((await api.get('/users/job-postings-for-you')).status).toBe(401)
    expect((await api.get('/users/job-postings-for-you', business(andes))).status).toBe(403)
  })
})

/**
 * The driver home asks «Ofertas para ti» on every visit, so its queries must
 * not read all of job_postings: the history starts from the driver's own applications and saves,
 * and the postings are two newest-first index walks (own communes, then the rest of the region).
 */
describe.each(engines)('«Ofertas para ti» reads job_postings through indexes on %s', (engine) => {
  let p: TestPlatform
  let driverId = 0
  beforeAll(async () => {
    p = await createTestPlatform(engine)
    const a = await companyAccount(p)
    const b = await companyAccount(p, 'Mercado Sur Ltda.')
    driverId = (await driverAccount(p)).userId
    await seedPostings({ db: p.db }, 4000, { companyIds: [a.companyId, b.companyId] })
    const picked = await p.db
      .selectFrom('job_postings')
      .select('id')
      .where('status', '=', 'open')
      .orderBy('id')
      .limit(3)
      .execute()
    const at = new Date().toISOString()
    await p.db
      .insertInto('saved_postings')
      .values({ posting_id: picked[0]!.id, user_id: driverId, created_at: at })
      .execute()
    await p.db
      .insertInto('applications')
      .values({ posting_id: picked[1]!.id, user_id: driverId, status: 'applied', created_at: at, updated_at: at })
      .execute()
    await sql`analyze`.execute(p.db)
  })
  afterAll(async () => p.destroy())

  /** The plans of every query postingsForYou runs for the driver, as it builds them. */
  async function plans(): Promise<string[]> {
    return p.db.transaction().execute(async (trx) => {
      // As in tests/search-at-scale: with sequential scans priced out, a Seq Scan left in a plan
      // means no index serves the query (PostgreSQL rightly reads 4,000 rows whole otherwise).
      if (engine === 'postgres') await sql`set local enable_seqscan = off`.execute(trx)
      const nodes: RootOperationNode[] = []
      const capture: KyselyPlugin = {
        transformQuery: ({ node }) => (nodes.push(node), node),
        transformResult: async ({ result }) => result,
      }
      const found = await postingsForYou(trx.withPlugin(capture), driverId)
      expect(found.jobPostings.length).toBeGreaterThan(0)
      const lines: string[] = []
      for (const node of nodes) {
        const compiled: CompiledQuery = trx.getExecutor().compileQuery(node, { queryId: 'plan' })
        lines.push(...(await planOf({ db: trx, dialect: p.dialect }, { compile: () => compiled })))
      }
      expect(nodes.length).toBeGreaterThanOrEqual(2)
      return lines
    })
  }

  it('from the saves and applications of a driver whose profile states nothing', async () => {
    await p.db
      .updateTable('users')
      .set({ id_vehicle: null, id_commune: null, address: null })
      .where('id', '=', driverId)
      .execute()
    expect((await plans()).filter(isFullScan)).toEqual([])
  })

  it('from the vehicle and commune the profile states', async () => {
    await p.db.updateTable('users').set({ id_vehicle: 3, id_commune: 13114 }).where('id', '=', driverId).execute()
    expect((await plans()).filter(isFullScan)).toEqual([])
  })
})
