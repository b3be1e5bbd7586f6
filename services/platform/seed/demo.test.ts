import fs from 'node:fs'
import path from 'node:path'
import { PDFDocument } from 'pdf-lib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines } from '#services/testing/database'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'
import { seedDemo } from './demo'
import { DEMO_DOCUMENTS } from './demo-documents'
import { GLARE_AT } from './specimen-photos'

/** What a reviewer sees in a photo: its size, brightness, sharpness, and the spot where a glare falls. */
async function looks(bytes: Uint8Array) {
  const { width = 0, height = 0, format } = await sharp(bytes).metadata()
  const { channels, sharpness } = await sharp(bytes).stats()
  const spot = await sharp(bytes)
    .extract({
      left: Math.round(width * GLARE_AT.x) - 20,
      top: Math.round(height * GLARE_AT.y) - 20,
      width: 40,
      height: 40,
    })
    .toBuffer()
  const spotStats = await sharp(spot).stats()
  return {
    format,
    long: Math.max(width, height),
    brightness: channels.reduce((sum, c) => sum + c.mean, 0) / channels.length,
    sharpness,
    /** The darkest value in the spot: a glare leaves it white. */
    spotDarkest: Math.min(...spotStats.channels.map((c) => c.min)),
  }
}

/** Lower case without accents: «Camión» and «camion» are one word. */
function plain(s: string) {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

/** The vehicles a title names, longest name first (so «Camión ¾» is not also read as «Camión»). */
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
      '«Ofertas para ti» shows postings for them',
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

  it('gives the demo driver photos and scans of the specimens, the bad ones bad the way each is meant', async () => {
    const rows = await p.db
      .selectFrom('user_files')
      .select(['purpose_name', 'storage_key', 'mime_type', 'size_bytes'])
      .execute()
    expect(rows.map((r) => r.purpose_name).sort()).toEqual(DEMO_DOCUMENTS.map((d) => d.slot).sort())
    for (const doc of DEMO_DOCUMENTS) {
      const row = rows.find((r) => r.purpose_name === doc.slot)!
      const bytes = (await p.files.get(row.storage_key))!
      expect(bytes.byteLength).toBe(Number(row.size_bytes))
      if (doc.pdf) {
        expect(row.mime_type).toBe('application/pdf')
        const pdf = await PDFDocument.load(bytes)
        // The driver's record runs to two pages, so the console's viewer shows pages.
        expect(pdf.getPageCount(), doc.slot).toBe(doc.slot === 'hoja_vida_conductor' ? 2 : 1)
        continue
      }
      expect(row.mime_type).toBe('image/jpeg')
      const seen = await looks(bytes)
      expect(seen.format).toBe('jpeg')
      expect(seen.long, doc.slot).toBeGreaterThanOrEqual(1200)
      expect(seen.brightness < 70, `${doc.slot} dark`).toBe(doc.look === 'dark')
      if (doc.look === 'blurred') expect(seen.sharpness, doc.slot).toBeLessThan(0.5)
      if (doc.look === 'clear' || doc.look === 'glare') expect(seen.sharpness, doc.slot).toBeGreaterThan(1.5)
      expect(seen.spotDarkest >= 250, `${doc.slot} glare`).toBe(doc.look === 'glare')
    }
    // Each kind of bad photo is there to be judged.
    const photoLooks = DEMO_DOCUMENTS.filter((d) => !d.pdf).map((d) => d.look)
    expect(new Set(photoLooks)).toEqual(new Set(['clear', 'blurred', 'dark', 'glare']))
  })
})
