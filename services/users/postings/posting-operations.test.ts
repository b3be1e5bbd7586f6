import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { POSTINGS_PAGE_SIZE } from '#domain/validation/marketplace'
import { MESSAGES } from '#services/platform/http'
import { companyAccount, driverAccount, insertPostings } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'
import type { DriverActor } from '../driver-area/shared'
import { applyToPosting, savePosting } from './holds'
import {
  listAppliedPostings,
  listPostingsForYou,
  listSavedPostings,
  readPosting,
  searchPostings,
} from './posting-operations'

/** Oldest first (insertPostings dates each a minute after the one before); Santiago Centro 13101, Las Condes 13114. */
const FIXTURE = [
  { title: 'Reparto de farmacia en furgón', id_vehicle: 1, id_region: 13000, id_commune: 13101 },
  { title: 'Ruta de última milla en moto', id_vehicle: 3, id_capacity: null, id_region: 13000, id_commune: 13114 },
  { title: 'Despacho de muebles en camión', id_vehicle: 5, id_capacity: 7, id_region: 5000, id_commune: 5101 },
  { title: 'Ruta cerrada de farmacia', id_vehicle: 1, status: 'closed' },
  { title: 'Borrador de farmacia', id_vehicle: 1, status: 'draft' },
]

/** The driver's postings operations called as a script would call them, without a route in between. */
describe.each(engines)('driver posting operations on %s', (engine) => {
  let p: TestPlatform
  let camila: DriverActor
  let pedro: DriverActor
  let farmacia: number
  let moto: number
  let camion: number
  let cerrada: number
  let borrador: number

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    const andes = await companyAccount(p)
    camila = { userId: (await driverAccount(p, 'Camila')).userId }
    pedro = { userId: (await driverAccount(p, 'Pedro')).userId }
    ;[farmacia, moto, camion, cerrada, borrador] = (await insertPostings(p, andes.companyId, FIXTURE)) as [
      number,
      number,
      number,
      number,
      number,
    ]
  })
  afterEach(async () => p.destroy())

  const titles = (page: { jobPostings: Array<{ title: string }> }) => page.jobPostings.map((x) => x.title)
  const ref = (id: number) => ({ id_publication: id })

  it('searches the open postings a page at a time: all, by filters, by words, with the driver’s holds', async () => {
    await savePosting(p, camila, ref(moto))
    await applyToPosting(p, camila, ref(farmacia))

    const all = await searchPostings(p, camila, { page: 1 })
    expect(titles(all)).toEqual([
      'Despacho de muebles en camión',
      'Ruta de última milla en moto',
      'Reparto de farmacia en furgón',
    ])
    expect(all).toMatchObject({ count: 3, page: 1, page_size: POSTINGS_PAGE_SIZE })
    expect(all.jobPostings.map((x) => [x.id, x.saved, x.applied, x.application_status])).toEqual([
      [camion, false, false, null],
      [moto, true, false, null],
      [farmacia, false, true, 'nueva'],
    ])
    // Another driver sees the same postings without Camila's holds.
    const other = await searchPostings(p, pedro, { page: 1 })
    expect(other.jobPostings.every((x) => !x.saved && !x.applied)).toBe(true)

    expect(titles(await searchPostings(p, camila, { page: 1, id_vehicle: 1 }))).toEqual([
      'Reparto de farmacia en furgón',
    ])
    expect(titles(await searchPostings(p, camila, { page: 1, id_region: 13000 }))).toEqual([
      'Ruta de última milla en moto',
      'Reparto de farmacia en furgón',
    ])
    // The closed and the draft posting have the word too.
    expect(titles(await searchPostings(p, camila, { page: 1, search: 'farmacia' }))).toEqual([
      'Reparto de farmacia en furgón',
    ])
  })

  it('answers a page past the last, or filters nothing meets, with no postings and the count', async () => {
    expect(await searchPostings(p, camila, { page: 2 })).toEqual({
      jobPostings: [],
      count: 3,
      page: 2,
      page_size: POSTINGS_PAGE_SIZE,
    })
    expect(await searchPostings(p, camila, { page: 1, id_vehicle: 1, id_commune: 13114 })).toMatchObject({
      jobPostings: [],
      count: 0,
    })
  })

  it('reads one posting, open or closed, with the driver’s application and save', async () => {
    expect(await readPosting(p, camila, { id: farmacia })).toMatchObject({
      id: farmacia,
      title: 'Reparto de farmacia en furgón',
      status: 'open',
      applied: false,
      application_status: null,
      applied_at: null,
      saved: false,
    })
    await applyToPosting(p, camila, ref(farmacia))
    await savePosting(p, camila, ref(farmacia))
    expect(await readPosting(p, camila, { id: farmacia })).toMatchObject({
      applied: true,
      application_status: 'nueva',
      applied_at: expect.any(String),
      saved: true,
    })
    expect(await readPosting(p, pedro, { id: farmacia })).toMatchObject({ applied: false, saved: false })
    expect(await readPosting(p, camila, { id: cerrada })).toMatchObject({ id: cerrada, status: 'closed' })
  })

  it('refuses a draft and a posting that does not exist with 404', async () => {
    await expect(readPosting(p, camila, { id: borrador })).rejects.toMatchObject({
      status: 404,
      messages: MESSAGES.notFound,
    })
    await expect(readPosting(p, camila, { id: 999_999 })).rejects.toMatchObject({ status: 404 })
  })

  it('offers open postings for the vehicle and commune the driver states, none while nothing is known', async () => {
    expect(await listPostingsForYou(p, camila)).toEqual({ jobPostings: [], vehicles: [], communes: [], source: null })

    await p.db.updateTable('users').set({ id_vehicle: 1, id_commune: 13101 }).where('id', '=', camila.userId).execute()
    const forYou = await listPostingsForYou(p, camila)
    expect(forYou).toMatchObject({
      source: 'profile',
      vehicles: [{ id_vehicle: 1, name_vehicle: 'Furgón' }],
      communes: [{ id_commune: 13101, id_region: 13000 }],
    })
    // Not the closed one nor the draft, though they are furgones too.
    expect(forYou.jobPostings.map((x) => x.id)).toEqual([farmacia])
    // A saved posting is no longer offered.
    await savePosting(p, camila, ref(farmacia))
    expect((await listPostingsForYou(p, camila)).jobPostings).toEqual([])
  })

  it('lists the driver’s saved postings, newest save first, and the applied ones, open or closed', async () => {
    await savePosting(p, camila, ref(moto))
    p.advance(60_000)
    await savePosting(p, camila, ref(cerrada))
    p.advance(60_000)
    await savePosting(p, camila, ref(farmacia))
    await applyToPosting(p, camila, ref(camion))
    p.advance(60_000)
    await applyToPosting(p, camila, ref(moto))
    // The application closes with its posting: it still lists.
    await p.db.updateTable('job_postings').set({ status: 'closed' }).where('id', '=', camion).execute()

    const saved = await listSavedPostings(p, camila, { page: 1 })
    expect(saved.jobPostings.map((x) => x.id)).toEqual([farmacia, cerrada, moto])
    expect(saved).toMatchObject({ count: 3, page: 1, page_size: POSTINGS_PAGE_SIZE })
    expect(saved.jobPostings.every((x) => x.saved)).toBe(true)

    const applied = await listAppliedPostings(p, camila, { page: 1 })
    expect(applied.jobPostings.map((x) => [x.id, x.status, x.application_status])).toEqual([
      [moto, 'open', 'nueva'],
      [camion, 'closed', 'nueva'],
    ])
    expect(applied.count).toBe(2)
  })

  it('lists nothing of another driver’s holds, nor past the last page', async () => {
    await savePosting(p, camila, ref(moto))
    await applyToPosting(p, camila, ref(moto))
    expect(await listSavedPostings(p, pedro, { page: 1 })).toEqual({
      jobPostings: [],
      count: 0,
      page: 1,
      page_size: POSTINGS_PAGE_SIZE,
    })
    expect((await listAppliedPostings(p, pedro, { page: 1 })).count).toBe(0)
    expect(await listSavedPostings(p, camila, { page: 2 })).toMatchObject({ jobPostings: [], count: 1, page: 2 })
    expect(await listAppliedPostings(p, camila, { page: 2 })).toMatchObject({ jobPostings: [], count: 1, page: 2 })
  })
})
