import { capacities, communes, regions, schedules, vehicles, zones } from '#domain/reference-data'
import type { Platform } from '#services/platform/platform'
import { FAQS, PARTNER_LOGOS, STATISTICS, TESTIMONIALS } from './content'
import { DEMO_PASSWORD, demoLogins, seedDemo, type DemoLogin } from './demo'

/** Rows of `rows` whose key is not in the table yet (reference data is seeded when missing). */
async function insertMissing<T extends Record<string, unknown>>(
  p: Platform,
  table: 'zones' | 'regions' | 'communes' | 'vehicles' | 'capacities' | 'schedules',
  key: keyof T & string,
  rows: T[],
) {
  const existing = new Set(
    (
      await p.db
        .selectFrom(table)
        .select(key as never)
        .execute()
    ).map((r) => (r as Record<string, unknown>)[key]),
  )
  const missing = rows.filter((r) => !existing.has(r[key]))
  for (let i = 0; i < missing.length; i += 200) {
    await p.db
      .insertInto(table)
      .values(missing.slice(i, i + 200) as never)
      .execute()
  }
}

export async function seedReferenceData(p: Platform) {
  await insertMissing(
    p,
    'zones',
    'id_zone',
    zones.map((z) => ({ id_zone: z.id_zone, name_zone: z.name_zone })),
  )
  await insertMissing(
    p,
    'regions',
    'id_region',
    regions.map((r) => ({ id_region: r.id_region, name_region: r.name_region, zone_id: r.zone_id })),
  )
  await insertMissing(
    p,
    'communes',
    'id_commune',
    communes.map((c) => ({ id_commune: c.id_commune, name_commune: c.name_commune, id_region: c.id_region })),
  )
  await insertMissing(
    p,
    'vehicles',
    'id_vehicle',
    vehicles.map((v) => ({ id_vehicle: v.id_vehicle, name_vehicle: v.name_vehicle })),
  )
  await insertMissing(
    p,
    'capacities',
    'id_capacity',
    capacities.map((c) => ({ id_capacity: c.id_capacity, vehicle_id: c.vehicle_id, capacity_kg: c.capacity_kg })),
  )
  await insertMissing(
    p,
    'schedules',
    'id_schedule',
    schedules.map((s) => ({ id_schedule: s.id_schedule, name_schedule: s.name_schedule })),
  )
}

export async function seedContent(p: Platform) {
  const count = async (table: 'faqs' | 'testimonials' | 'partner_logos') =>
    Number(
      (
        await p.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  if ((await count('faqs')) === 0) {
    await p.db
      .insertInto('faqs')
      .values(FAQS.map((f, i) => ({ question: f.question, answers: JSON.stringify(f.answers), position: i + 1 })))
      .execute()
  }
  const statKeys = new Set((await p.db.selectFrom('statistics').select('key').execute()).map((r) => r.key))
  const missingStats = STATISTICS.map((s, i) => ({ ...s, position: i + 1 })).filter((s) => !statKeys.has(s.key))
  if (missingStats.length) await p.db.insertInto('statistics').values(missingStats).execute()
  if ((await count('testimonials')) === 0) {
    await p.db
      .insertInto('testimonials')
      .values(TESTIMONIALS.map((t, i) => ({ ...t, position: i + 1 })))
      .execute()
  }
  if ((await count('partner_logos')) === 0) {
    await p.db
      .insertInto('partner_logos')
      .values(PARTNER_LOGOS.map((l, i) => ({ ...l, position: i + 1 })))
      .execute()
  }
}

export interface SeedResult {
  demoLogins: DemoLogin[]
  demoPassword: string
}

/**
 * Migrations ran already. Reference data and content always (when missing); demo data on an
 * empty embedded database (SEED_DEMO=auto), always, or never.
 */
export async function seedAll(p: Platform): Promise<SeedResult> {
  await seedReferenceData(p)
  await seedContent(p)
  const mode = p.config.SEED_DEMO
  const users = Number(
    (
      await p.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
  const wantDemo = mode === 'always' ? users === 0 : mode === 'auto' ? users === 0 && p.dialect === 'sqlite' : false
  if (wantDemo) return seedDemo(p)
  // Later starts keep printing the demo logins while the demo accounts exist.
  const logins = await demoLogins(p)
  return { demoLogins: logins, demoPassword: logins.length ? DEMO_PASSWORD : '' }
}
