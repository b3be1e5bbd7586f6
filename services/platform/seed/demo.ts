import type { Transaction } from 'kysely'
import { CONSENT_DOCUMENTS, LEGAL_DOCUMENTS } from '#domain/privacy'
import { computeCheckDigit } from '#domain/rut'
import { hashPassword } from '#services/platform/crypto'
import type { Database } from '#services/platform/db/schema'
import { inTransaction } from '#services/platform/db/transaction'
import { pausePoint } from '#services/platform/pause-point'
import type { Platform } from '#services/platform/platform'
import { DEMO_DOCUMENTS, DEMO_DRIVER, drawDemoDocuments, type DemoDocument } from './demo-documents'

export interface DemoLogin {
  role: 'User' | 'business' | 'admin'
  email: string
}

export const DEMO_PASSWORD = 'Fleeters2026'
export const DEMO_DOMAIN = 'demo.fleeters.cl'

function rut(body: number) {
  return `${body}-${computeCheckDigit(String(body))}`
}

const COMPANIES = [
  {
    name: 'Despachos Andes SpA',
    contact: 'Carolina Muñoz',
    email: `andes@${DEMO_DOMAIN}`,
    logo: '/images/companies/andes.svg',
    rut: 76123456,
    phone: '56922223333',
  },
  {
    name: 'Mercado Sur Ltda.',
    contact: 'Valentina Rojas',
    email: `mercadosur@${DEMO_DOMAIN}`,
    logo: '/images/companies/mercado-sur.svg',
    rut: 77234567,
    phone: '56933334444',
  },
  {
    name: 'Rápido Express SpA',
    contact: 'Andrés Soto',
    email: `rapido@${DEMO_DOMAIN}`,
    logo: '/images/companies/rapido.svg',
    rut: 78345678,
    phone: '56944445555',
  },
]

// Communes of the Metropolitan Region (official CUT codes).
const RM_COMMUNES = [13101, 13114, 13123, 13119, 13110, 13120, 13201, 13401, 13124, 13122, 13105, 13112]

/**
 * The demo postings agree with themselves: the title names the vehicle asked
 * for, says «con peoneta» exactly when a helper goes, and a monthly pay reads «mensual»; the
 * amounts fit their period (seed.test.ts checks every seeded row). Capacity ids are those of
 * domain/reference-data/vehicles.ts (2: Furgón 1.000 kg, 4: Furgón 1.500 kg, 7: Camión 3.500 kg,
 * 13: Camión ¾ 1.500 kg).
 */
export const DEMO_POSTING_PLAN: ReadonlyArray<{
  title: string
  id_vehicle: number
  id_capacity: number | null
  pawn: boolean
  period: 'por día' | 'por ruta' | 'mensual'
  amount: number
}> = [
  {
    title: 'Reparto de paquetería e-commerce en furgón',
    id_vehicle: 1,
    id_capacity: 2,
    pawn: false,
    period: 'por día',
    amount: 45000,
  },
  {
    title: 'Despacho de farmacia en moto',
    id_vehicle: 3,
    id_capacity: null,
    pawn: false,
    period: 'por ruta',
    amount: 18000,
  },
  {
    title: 'Reparto de abarrotes a domicilio en auto',
    id_vehicle: 2,
    id_capacity: null,
    pawn: false,
    period: 'por día',
    amount: 38000,
  },
  {
    title: 'Ruta de última milla en moto',
    id_vehicle: 3,
    id_capacity: null,
    pawn: false,
    period: 'por día',
    amount: 32000,
  },
  {
    title: 'Mudanzas pequeñas en furgón con peoneta',
    id_vehicle: 1,
    id_capacity: 4,
    pawn: true,
    period: 'por ruta',
    amount: 60000,
  },
  {
    title: 'Reparto de electrodomésticos en camión ¾ con peoneta',
    id_vehicle: 7,
    id_capacity: 13,
    pawn: true,
    period: 'por día',
    amount: 75000,
  },
  {
    title: 'Conductor de camión para centro de distribución, contrato mensual',
    id_vehicle: 5,
    id_capacity: 7,
    pawn: false,
    period: 'mensual',
    amount: 950000,
  },
  {
    title: 'Reparto de paquetería en SUV',
    id_vehicle: 8,
    id_capacity: null,
    pawn: false,
    period: 'por día',
    amount: 40000,
  },
]

export async function seedDemo(p: Platform): Promise<{ demoLogins: DemoLogin[]; demoPassword: string }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  // The files go to the store before the rows that name them, and leave it if those rows are not
  // written: one transaction adds every demo row or none, so a start killed while seeding finds
  // no users and seeds again.
  const drawn = await drawDemoDocuments()
  const stored = await Promise.all(
    DEMO_DOCUMENTS.map(async (doc, i) => {
      const bytes = drawn[i]!
      return { ...doc, bytes, key: await p.files.put('documents', bytes, doc.pdf ? 'pdf' : 'jpg') }
    }),
  )
  try {
    await seedDemoRows(p, stored, passwordHash, p.now())
  } catch (error) {
    await Promise.all(stored.map((doc) => p.files.remove(doc.key).catch(() => {})))
    throw error
  }
  return { demoLogins: await demoLogins(p), demoPassword: DEMO_PASSWORD }
}

async function seedDemoRows(
  p: Platform,
  documents: Array<DemoDocument & { bytes: Uint8Array; key: string }>,
  passwordHash: string,
  now: Date,
) {
  const iso = (offsetMinutes: number) => new Date(now.getTime() - offsetMinutes * 60_000).toISOString()
  const capacityIds = new Set(
    (await p.db.selectFrom('capacities').select('id_capacity').execute()).map((c) => c.id_capacity),
  )
  const communeRegions = new Map(
    (
      await p.db
        .selectFrom('communes')
        .innerJoin('regions', 'regions.id_region', 'communes.id_region')
        .select(['communes.id_commune', 'communes.id_region', 'regions.zone_id'])
        .execute()
    ).map((c) => [c.id_commune, c] as const),
  )

  await inTransaction(p.db, async (trx) => {
    for (const [ci, company] of COMPANIES.entries()) {
      const user = await trx
        .insertInto('users')
        .values({
          role: 'business',
          email: company.email,
          password_hash: passwordHash,
          firstname: company.contact.split(' ')[0]!,
          lastname: company.contact.split(' ').slice(1).join(' '),
          rut: null,
          phone: null,
          address: null,
          about_me: null,
          img_profile: null,
          email_verified: 1,
          accepted_terms_at: iso(0),
          created_at: iso(60 * 24 * 30),
          updated_at: iso(60 * 24 * 30),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await acceptCurrentDocuments(trx, user.id, iso(0))
      const created = await trx
        .insertInto('companies')
        .values({
          user_id: user.id,
          name: company.name,
          rut: rut(company.rut),
          contact_name: company.contact,
          email: company.email,
          phone: company.phone,
          id_commune: 13101,
          logo_url: company.logo,
          verified: 1,
          created_at: iso(60 * 24 * 30),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const postings = []
      for (let i = 0; i < 12; i++) {
        const n = ci * 12 + i
        const commune = communeRegions.get(RM_COMMUNES[n % RM_COMMUNES.length]!)!
        const plan = DEMO_POSTING_PLAN[n % DEMO_POSTING_PLAN.length]!
        // A little variety in the amount, on the scale of its period; the companies' postings alternate
        // in time (the home shows each).
        const step = plan.period === 'mensual' ? 50000 : 2000
        postings.push({
          company_id: created.id,
          title: plan.title,
          description:
            'Buscamos conductores responsables para rutas micro-sectorizadas dentro de la ' +
            'comuna. Entregamos la carga ordenada por sector y pagamos dentro de 48 horas ' +
            'tras recibir la boleta o factura.',
          id_zone: commune.zone_id,
          id_region: commune.id_region,
          id_commune: commune.id_commune,
          id_vehicle: plan.id_vehicle,
          id_capacity: plan.id_capacity !== null && capacityIds.has(plan.id_capacity) ? plan.id_capacity : null,
          id_schedule: (n % 3) + 1,
          start_date: iso(-60 * 24 * ((n % 10) + 1)).slice(0, 10),
          pawn: plan.pawn ? 1 : 0,
          payment_amount: plan.amount + (n % 3) * step,
          payment_period: plan.period,
          drivers_needed: (n % 4) + 1,
          status: n % 11 === 10 ? ('closed' as const) : ('open' as const),
          created_at: iso((i * COMPANIES.length + ci) * 95 + 5),
          updated_at: iso((i * COMPANIES.length + ci) * 95 + 5),
        })
      }
      await trx.insertInto('job_postings').values(postings).execute()
    }

    const driver = await trx
      .insertInto('users')
      .values({
        role: 'User',
        email: `conductor@${DEMO_DOMAIN}`,
        password_hash: passwordHash,
        firstname: DEMO_DRIVER.firstname,
        lastname: DEMO_DRIVER.lastname,
        // Encrypted in its column, with its lookup hash (decision 80).
        rut: p.columns.seal('rut', DEMO_DRIVER.rut),
        rut_hmac: p.columns.hash('rut', DEMO_DRIVER.rut),
        phone: '56987654321',
        address: DEMO_DRIVER.address,
        about_me: 'Conductora con 5 años de experiencia en reparto de última milla en la zona oriente de Santiago.',
        img_profile: null,
        // Stated in «Mi perfil»: «Ofertas para ti» and the applicant card use them.
        id_vehicle: 3,
        id_commune: 13123,
        email_verified: 1,
        accepted_terms_at: iso(60 * 24 * 10),
        created_at: iso(60 * 24 * 10),
        updated_at: iso(60 * 24 * 10),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await acceptCurrentDocuments(trx, driver.id, iso(60 * 24 * 10))

    // The operations console's demo account (real ones come from `npm run admin:create`).
    await trx
      .insertInto('users')
      .values({
        role: 'admin',
        email: `operaciones@${DEMO_DOMAIN}`,
        password_hash: passwordHash,
        // Everything, and at the first login it enrols its authenticator app (decision 77).
        staff_role: 'administrador',
        firstname: 'Olga',
        lastname: 'Operaciones',
        rut: null,
        phone: null,
        address: null,
        about_me: null,
        img_profile: null,
        email_verified: 1,
        accepted_terms_at: null,
        created_at: iso(60 * 24 * 30),
        updated_at: iso(60 * 24 * 30),
      })
      .execute()

    // The crash test kills the start here, half of the demo written inside the transaction.
    await pausePoint('seed:demo')
    for (const [i, doc] of documents.entries()) {
      await trx
        .insertInto('user_files')
        .values({
          user_id: driver.id,
          purpose_name: doc.slot,
          file_status: doc.status,
          storage_key: doc.key,
          mime_type: doc.pdf ? 'application/pdf' : 'image/jpeg',
          size_bytes: doc.bytes.byteLength,
          original_name: `${doc.slot}.${doc.pdf ? 'pdf' : 'jpg'}`,
          rejection_reason: doc.reason ?? null,
          created_at: iso(60 * 24 * 5 - i),
          reviewed_at: doc.status === 'PENDING' ? null : iso(60 * 24 * 2),
        })
        .execute()
    }
  })
}

export async function demoLogins(p: Platform): Promise<DemoLogin[]> {
  const rows = await p.db
    .selectFrom('users')
    .select(['email', 'role'])
    .where('email', 'like', `%@${DEMO_DOMAIN}`)
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ role: r.role as DemoLogin['role'], email: r.email }))
}

/** The demo's accounts accepted the documents in force when they "registered", as a registration records. */
async function acceptCurrentDocuments(trx: Transaction<Database>, userId: number, at: string) {
  await trx
    .insertInto('consents')
    .values(
      CONSENT_DOCUMENTS.map((document) => ({
        user_id: userId,
        document,
        version: LEGAL_DOCUMENTS[document].version,
        accepted_at: at,
        ip: null,
      })),
    )
    .execute()
}
