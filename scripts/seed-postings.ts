/**
 * Seeds N job postings (default 100000) from a handful of bench companies, spread over the whole
 * country (more in the Metropolitan Region), every vehicle, shift and payment period.
 *
 *   DATA_DIR=./data tsx scripts/seed-postings.ts 100000
 *   DATABASE_URL=postgres://… tsx scripts/seed-postings.ts 5000
 */
import { pathToFileURL } from 'node:url'
import { communes } from '#domain/reference-data/communes'
import { regions } from '#domain/reference-data/regions'
import { capacitiesByVehicle, vehicles } from '#domain/reference-data/vehicles'
import { computeCheckDigit } from '#domain/rut'
import { PAYMENT_PERIODS } from '#domain/validation/marketplace'
import { loadConfig } from '#services/platform/config'
import { hashPassword } from '#services/platform/crypto'
import { createPlatform, type Platform } from '#services/platform/platform'
import { seedReferenceData } from '#services/platform/seed'

export const BENCH_DOMAIN = 'bench.fleeters.test'
export const BENCH_PASSWORD = 'Fleeters2026'
const COMPANY_COUNT = 20
const BATCH = 500

const TITLES = [
  'Repartidor de paquetería e-commerce',
  'Conductor para despacho de farmacia',
  'Reparto de abarrotes a domicilio',
  'Ruta de última milla en moto',
  'Conductor de furgón para mudanzas pequeñas',
  'Reparto de electrodomésticos con peoneta',
  'Despacho de muebles en camión',
  'Reparto nocturno de supermercado',
  'Conductor para courier express',
  'Distribución de bebidas a minimarkets',
  'Reparto de flores y regalos',
  'Entrega de documentos en bicicleta o moto',
]
const DETAILS = [
  'Rutas micro-sectorizadas dentro de la comuna, carga ordenada por sector.',
  'Pago dentro de 48 horas tras recibir la boleta o factura.',
  'Se requiere experiencia en reparto y buena disposición.',
  'Turnos estables de lunes a viernes, con opción de sábados.',
  'Entregamos hoja de ruta y apoyo de coordinador durante la jornada.',
]

/** Small deterministic PRNG (mulberry32): the same seed gives the same data set. */
export function prng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! }
}

async function benchCompanies(p: Platform): Promise<number[]> {
  const existing = await p.db
    .selectFrom('companies')
    .select('id')
    .where('email', 'like', `%@${BENCH_DOMAIN}`)
    .orderBy('id')
    .execute()
  if (existing.length >= COMPANY_COUNT) return existing.map((c) => c.id)
  const hash = await hashPassword(BENCH_PASSWORD)
  const now = p.now().toISOString()
  const ids: number[] = existing.map((c) => c.id)
  for (let i = existing.length; i < COMPANY_COUNT; i++) {
    const email = `empresa${i + 1}@${BENCH_DOMAIN}`
    const user = await p.db
      .insertInto('users')
      .values({
        role: 'business',
        email,
        password_hash: hash,
        firstname: 'Empresa',
        lastname: `${i + 1}`,
        rut: null,
        phone: null,
        address: null,
        about_me: null,
        img_profile: null,
        email_verified: 1,
        accepted_terms_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const body = 70_000_000 + i * 1_001
    const company = await p.db
      .insertInto('companies')
      .values({
        user_id: user.id,
        name: `Logística Prueba ${i + 1} SpA`,
        rut: `${body}-${computeCheckDigit(body)}`,
        contact_name: 'Contacto Prueba',
        email,
        phone: `2280${String(5000 + i)}`,
        id_commune: 13101,
        logo_url: null,
        verified: 1,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    ids.push(company.id)
  }
  return ids
}

/** Inserts `count` postings in batches inside one transaction; returns how many exist now. */
export async function seedPostings(p: Platform, count: number, seed = 42): Promise<number> {
  await seedReferenceData(p)
  const companyIds = await benchCompanies(p)
  const rnd = prng(seed)
  const zoneOf = new Map(regions.map((r) => [r.id_region, r.zone_id]))
  const metropolitan = communes.filter((c) => c.id_region === 13000)
  const now = p.now().getTime()
  await p.db.transaction().execute(async (trx) => {
    for (let done = 0; done < count; done += BATCH) {
      const rows = []
      for (let i = done; i < Math.min(count, done + BATCH); i++) {
        const commune = rnd.next() < 0.6 ? rnd.pick(metropolitan) : rnd.pick(communes)
        const vehicle = rnd.pick(vehicles)
        const capacities = capacitiesByVehicle(vehicle.id_vehicle)
        const created = new Date(now - Math.floor(rnd.next() * 365 * 24 * 3600 * 1000)).toISOString()
        rows.push({
          company_id: rnd.pick(companyIds),
          title: rnd.pick(TITLES),
          description: `${rnd.pick(DETAILS)} ${rnd.pick(DETAILS)} Comuna de ${commune.name_commune}.`,
          id_zone: zoneOf.get(commune.id_region)!,
          id_region: commune.id_region,
          id_commune: commune.id_commune,
          id_vehicle: vehicle.id_vehicle,
          id_capacity: capacities.length ? rnd.pick(capacities).id_capacity : null,
          id_schedule: 1 + Math.floor(rnd.next() * 3),
          start_date: created.slice(0, 10),
          pawn: rnd.next() < 0.25 ? 1 : 0,
          payment_amount: 20_000 + Math.floor(rnd.next() * 60) * 1_000,
          payment_period: rnd.pick(PAYMENT_PERIODS),
          drivers_needed: 1 + Math.floor(rnd.next() * 10),
          status: rnd.next() < 0.9 ? ('open' as const) : ('closed' as const),
          created_at: created,
          updated_at: created,
        })
      }
      await trx.insertInto('job_postings').values(rows).execute()
    }
  })
  const total = await p.db
    .selectFrom('job_postings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(total.n)
}

async function main() {
  const count = Number(process.argv[2] ?? 100_000)
  if (!Number.isSafeInteger(count) || count < 1) throw new Error('Usage: tsx scripts/seed-postings.ts [count]')
  const p = await createPlatform(loadConfig())
  try {
    const started = performance.now()
    const total = await seedPostings(p, count)
    console.log(
      `Seeded ${count} postings in ${((performance.now() - started) / 1000).toFixed(1)} ` +
        `s (${total} in total) on ${p.dialect}.`,
    )
  } finally {
    await p.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err)
    process.exit(1)
  })
}
