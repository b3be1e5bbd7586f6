import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines } from '#services/testing/database'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'
import { seedDemo } from './demo'

/** Lower case without accents: «Camión» and «camion» are one word. */
function plain(s: string) {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

/** The vehicles a title names, longest name first (so «Camion ¾» is not also read as «Camión»). */
function vehiclesNamed(title: string, names: string[]): string[] {
  let rest = plain(title)
  const found: string[] = []
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    const word = new RegExp(`(^|[^a-z])${plain(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z])`)
    if (word.test(rest)) {
      found.push(name)
      rest = rest.replace(word, ' ')
    }
  }
  return found
}

/** The pay of each period on a believable scale (CLP). */
const PAY_RANGE: Record<string, [number, number]> = {
  'por ruta': [10_000, 100_000],
  'por día': [25_000, 120_000],
  mensual: [500_000, 2_000_000],
}

describe.each(engines)('the demo data on %s', (engine) => {
  let p: TestPlatform
  beforeAll(async () => {
    p = await createTestPlatform(engine)
    await seedDemo(p)
  })
  afterAll(async () => p.destroy())

  it(
    'gives the demo driver a vehicle type and commune in «Mi perfil», and ' +
      '«Publicaciones para ti» shows postings for them',
    async () => {
      const camila = await p.db
        .selectFrom('users')
        .select(['id', 'id_vehicle', 'id_commune'])
        .where('role', '=', 'User')
        .executeTakeFirstOrThrow()
      expect(camila).toMatchObject({ id_vehicle: 3, id_commune: 13123 })
      const { postingsForYou } = await import('#services/users/postings/for-you')
      const forYou = await postingsForYou(p.db, camila.id)
      expect(forYou.source).toBe('profile')
      expect(forYou.jobPostings.length).toBeGreaterThan(0)
      for (const posting of forYou.jobPostings) expect(posting.name_vehicle).toBe('Moto')
    },
  )

  it('has postings whose title agrees with their vehicle, helper and pay period', async () => {
    const names = (await p.db.selectFrom('vehicles').select('name_vehicle').execute()).map((v) => v.name_vehicle)
    const rows = await p.db
      .selectFrom('job_postings as jp')
      .innerJoin('vehicles as v', 'v.id_vehicle', 'jp.id_vehicle')
      .leftJoin('capacities as c', 'c.id_capacity', 'jp.id_capacity')
      .select([
        'jp.title',
        'v.name_vehicle',
        'jp.id_vehicle',
        'c.vehicle_id as capacity_vehicle',
        'jp.pawn',
        'jp.payment_amount',
        'jp.payment_period',
      ])
      .execute()
    expect(rows.length).toBeGreaterThanOrEqual(30)
    for (const r of rows) {
      const seen = {
        title: r.title,
        vehicles: vehiclesNamed(r.title, names),
        helper: plain(r.title).includes('con peoneta'),
        monthly: plain(r.title).includes('mensual'),
      }
      expect(seen).toEqual({
        title: r.title,
        vehicles: [r.name_vehicle],
        helper: r.pawn === 1,
        monthly: r.payment_period === 'mensual',
      })
      // A capacity belongs to the posting's own vehicle.
      if (r.capacity_vehicle !== null) expect(r.capacity_vehicle).toBe(r.id_vehicle)
      const [min, max] = PAY_RANGE[r.payment_period]!
      expect(Number(r.payment_amount), `${r.title}: ${r.payment_amount} ${r.payment_period}`).toBeGreaterThanOrEqual(
        min,
      )
      expect(Number(r.payment_amount)).toBeLessThanOrEqual(max)
    }
    // Every vehicle of the plan, with and without helper, and each pay period shows up.
    expect(new Set(rows.map((r) => r.payment_period))).toEqual(new Set(['por día', 'por ruta', 'mensual']))
    expect(new Set(rows.map((r) => r.pawn))).toEqual(new Set([0, 1]))
  })

  it('gives each demo company a logo of its own, served from public/', async () => {
    const companies = await p.db.selectFrom('companies').select(['name', 'logo_url']).execute()
    expect(companies).toHaveLength(3)
    const logos = companies.map((c) => c.logo_url)
    expect(new Set(logos).size).toBe(3)
    for (const c of companies) {
      expect(c.logo_url).toMatch(/^\/images\/companies\/[a-z-]+\.svg$/)
      const svg = fs.readFileSync(path.join('public', c.logo_url!), 'utf8')
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 128 128"/)
      // The image names its company for whoever reads it out.
      expect(svg).toContain(`aria-label="${c.name.replace(/ (SpA|Ltda\.)$/, '')}"`)
    }
  })
})
