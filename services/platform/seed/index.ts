import type { Kysely } from 'kysely'
import { capacities, communes, regions, schedules, vehicles, zones } from '#domain/reference-data'
import type { Database } from '#services/platform/db/schema'
import { inTransaction } from '#services/platform/db/transaction'
import { pausePoint } from '#services/platform/pause-point'
import type { Platform } from '#services/platform/platform'
import { FAQS, PARTNER_LOGOS, STATISTICS, TESTIMONIALS } from './content'
import { DEMO_PASSWORD, demoLogins, seedDemo, type DemoLogin } from './demo'

/** Rows of `rows` whose key is not in the table yet (reference data is seeded when missing). */
async function insertMissing<T extends Record<string, unknown>>(
  db: Kysely<Database>,
  table: 'zones' | 'regions' | 'communes' | 'vehicles' | 'capacities' | 'schedules',
  key: keyof T & string,
  rows: T[],
) {
  const existing = new Set(
    (
      await db
        .selectFrom(table)
        .select(key as never)
        .execute()
    ).map((r) => (r as Record<string, unknown>)[key]),
  )
  const missing = rows.filter((r) => !existing.has(r[key]))
  for (let i = 0; i < missing.length; i += 200) {
    await db
      .insertInto(table)
      .values(missing.slice(i, i + 200) as never)
      .execute()
  }
}

/** Takes the platform, or `{ db: trx }` to seed inside a transaction. */
export async function seedReferenceData({ db }: { db: Kysely<Database> }) {
  await insertMissing(
    db,
    'zones',
    'id_zone',
    zones.map((z) => ({ id_zone: z.id_zone, name_zone: z.name_zone })),
  )
  await insertMissing(
    db,
    'regions',
    'id_region',
    regions.map((r) => ({ id_region: r.id_region, name_region: r.name_region, zone_id: r.zone_id })),
  )
  await insertMissing(
    db,
    'communes',
    'id_commune',
    communes.map((c) => ({ id_commune: c.id_commune, name_commune: c.name_commune, id_region: c.id_region })),
  )
  await insertMissing(
    db,
    'vehicles',
    'id_vehicle',
    vehicles.map((v) => ({ id_vehicle: v.id_vehicle, name_vehicle: v.name_vehicle })),
  )
  await insertMissing(
    db,
    'capacities',
    'id_capacity',
    capacities.map((c) => ({ id_capacity: c.id_capacity, vehicle_id: c.vehicle_id, capacity_kg: c.capacity_kg })),
  )
  await insertMissing(
    db,
    'schedules',
    'id_schedule',
    schedules.map((s) => ({ id_schedule: s.id_schedule, name_schedule: s.name_schedule })),
  )
}

export async function seedContent({ db }: { db: Kysely<Database> }) {
  const count = async (table: 'faqs' | 'testimonials' | 'partner_logos') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  if ((await count('faqs')) === 0) {
    await db
      .insertInto('faqs')
      .values(FAQS.map((f, i) => ({ question: f.question, answers: JSON.stringify(f.answers), position: i + 1 })))
      .execute()
  }
  const statKeys = new Set((await db.selectFrom('statistics').select('key').execute()).map((r) => r.key))
  const missingStats = STATISTICS.map((s, i) => ({ ...s, position: i + 1 })).filter((s) => !statKeys.has(s.key))
  if (missingStats.length) await db.insertInto('statistics').values(missingStats).execute()
  if ((await count('testimonials')) === 0) {
    await db
      .insertInto('testimonials')
      .values(TESTIMONIALS.map((t, i) => ({ ...t, position: i + 1 })))
      .execute()
  }
  if ((await count('partner_logos')) === 0) {
    await db
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
 * empty embedded database (SEED_DEMO=auto), always, or never. Each step is one transaction that
 * adds only what is missing, so a start killed while seeding seeds again cleanly at the next.
 */
export async function seedAll(p: Platform): Promise<SeedResult> {
  await inTransaction(p.db, async (trx) => {
    await seedReferenceData({ db: trx })
    await pausePoint('seed:reference')
    await seedContent({ db: trx })
  })
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
