import { strFromU8, unzipSync } from 'fflate'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEALED_COLUMNS } from '#services/platform/column-crypto'
import {
  buildExportZip,
  classOf,
  ENGINE_SPECIFIC_COLUMNS,
  PERSON_TABLES,
  PERSONAL_DATA,
  personEmails,
  personRows,
} from '#services/shared/personal-data'
import { engines } from '#services/testing/database'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'

/**
 * Every table and column of the schema, read at runtime, is classified in
 * services/shared/personal-data.ts (a new one fails here until it is); and the export of one
 * person holds every classified column of each of their rows and their own files, and nothing
 * that identifies another person (decision 75).
 */
describe.each(engines)('personal-data inventory on %s', (engine) => {
  let p: TestPlatform
  beforeAll(async () => {
    p = await createTestPlatform(engine)
  })
  afterAll(async () => p?.destroy())

  it('classifies every table and every column of the schema', async () => {
    const tables = await p.db.introspection.getTables()
    const unclassified = tables.map((t) => t.name).filter((name) => !classOf(name))
    expect(unclassified, 'tables to classify in services/shared/personal-data.ts').toEqual([])
    const mismatched: string[] = []
    for (const [table, cls] of PERSON_TABLES) {
      const columns = tables.find((t) => t.name === table)?.columns.map((c) => c.name)
      if (!columns) {
        mismatched.push(`${table}: classified, not in the schema`)
        continue
      }
      const classified = [...cls.columns, ...Object.keys(cls.omit ?? {})]
      for (const c of columns)
        if (!classified.includes(c))
          mismatched.push(`${table}.${c}: not classified (export it or omit it with a reason)`)
      for (const c of classified)
        if (!columns.includes(c) && !ENGINE_SPECIFIC_COLUMNS.has(`${table}.${c}`))
          mismatched.push(`${table}.${c}: classified, not in the schema`)
      for (const c of cls.columns)
        if (cls.omit && c in cls.omit) mismatched.push(`${table}.${c}: both exported and omitted`)
    }
    expect(mismatched).toEqual([])
    // Reference and system tables say why they hold no one's data.
    for (const cls of Object.values(PERSONAL_DATA))
      if (cls.kind !== 'person') expect(cls.reason.length).toBeGreaterThan(10)
  })

  describe('the export of one person', () => {
    const people: Record<'driverA' | 'driverB' | 'companyA' | 'companyB', Person> = {} as never

    beforeAll(async () => {
      people.companyA = await fill(p, 'company', 1)
      people.companyB = await fill(p, 'company', 2)
      people.driverA = await fill(p, 'driver', 3, people.companyA)
      people.driverB = await fill(p, 'driver', 4, people.companyB)
    })

    it('has data of the people in every person table (so the checks below are not vacuous)', async () => {
      const empty: string[] = []
      for (const [table] of PERSON_TABLES) {
        let n = 0
        for (const who of [people.driverA, people.companyA])
          n += (await personRows(p.db, table, { userId: who.userId, emails: await personEmails(p.db, who.userId) }))
            .length
        if (n === 0) empty.push(table)
      }
      expect(empty).toEqual([])
    })

    it.each([
      ['driverA', ['driverB', 'companyB']],
      ['companyA', ['companyB', 'driverB', 'driverA']],
    ] as const)(
      'of %s holds each classified column of each of their rows and their files, and nothing of %j',
      async (who, others) => {
        const person = people[who]
        const zip = unzipSync(await buildExportZip(p.db, p.files, p.columns, person.userId, p.now()))
        const data = JSON.parse(strFromU8(zip['datos.json']!))
        const emails = await personEmails(p.db, person.userId)
        const missing: string[] = []
        for (const [table, cls] of PERSON_TABLES) {
          const rows = await personRows(p.db, table, { userId: person.userId, emails })
          for (const row of rows) {
            // Encrypted columns (decision 80) are exported as written: opened.
            const sealed = (c: string) => SEALED_COLUMNS.find((s) => s.table === table && s.column === c)
            const value = (c: string) =>
              sealed(c) ? p.columns.openNullable(sealed(c)!.field, row[c] as string | null) : (row[c] ?? null)
            const expected = Object.fromEntries(cls.columns.map((c) => [c, value(c)]))
            const found = (data.tablas[table] as Array<Record<string, unknown>>).some(
              (r) => JSON.stringify(r) === JSON.stringify(expected),
            )
            if (!found) missing.push(`${table} ${JSON.stringify(expected)}`)
          }
        }
        expect(missing).toEqual([])
        // Never a secret (the password hash, a code's or a token's hash), nor the vehicle owner's data.
        for (const secret of ['scrypt$secreto', '"t', '"c', '"r', 'jti-', 'totp-', 'dueno', 'Dueño']) {
          expect(JSON.stringify(data.tablas)).not.toContain(secret.startsWith('"') ? `${secret}${person.n}"` : secret)
        }

        // Their own files, decrypted; none of another's.
        const bytesOf = (name: string) => Buffer.from(zip[name]!).toString('utf8')
        const all = Object.keys(zip).map(bytesOf).join('\n')
        for (const marker of person.fileMarkers) expect(all).toContain(marker)
        for (const other of others) {
          for (const marker of people[other].fileMarkers) expect(all).not.toContain(marker)
          for (const value of people[other].identifiers)
            expect(all.toLowerCase(), `${who}'s export names ${other}: ${value}`).not.toContain(value.toLowerCase())
        }
        for (const value of person.identifiers) expect(all).toContain(value)
      },
    )
  })
})

interface Person {
  userId: number
  n: number
  /** Email, RUT, phone, name: what must never appear in another's export. */
  identifiers: string[]
  /** A unique text inside each of their stored files. */
  fileMarkers: string[]
  postingId?: number
}

/** A person with a row in every table that can hold their data; n keeps every value unique. */
async function fill(p: TestPlatform, kind: 'driver' | 'company', n: number, company?: Person): Promise<Person> {
  const db = p.db as unknown as Kysely<any>
  const at = new Date(p.now().getTime() + n * 1000).toISOString()
  const insert = (table: string, values: Record<string, unknown>) =>
    db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()
  const email = `persona${n}@ejemplo${n}.cl`
  const rut = `1${n}.${n}${n}${n}.${n}${n}${n}-K`
  const phone = `9${String(n).repeat(8)}`
  const firstname = ['Aurelio', 'Benigna', 'Casimiro', 'Dorotea'][n - 1]!
  const lastname = ['Zúñiga', 'Yáñez', 'Ximénez', 'Wiedmaier'][n - 1]!
  const user = await insert('users', {
    role: kind === 'driver' ? 'User' : 'business',
    email,
    password_hash: `scrypt$secreto${n}`,
    firstname,
    lastname,
    rut: p.columns.seal('rut', rut),
    rut_hmac: p.columns.hash('rut', rut),
    phone,
    address: `Calle ${lastname} ${n}`,
    about_me: `Sobre mí ${n}`,
    img_profile: null,
    email_verified: 1,
    accepted_terms_at: at,
    created_at: at,
    updated_at: at,
  })
  const userId = user.id as number
  const markers: string[] = []
  const stored = async (prefix: string, ext: string) => {
    const marker = `ARCHIVO-${prefix}-${n}-${Math.random().toString(36).slice(2)}`
    markers.push(marker)
    return p.files.put(prefix, new TextEncoder().encode(marker), ext)
  }
  await db
    .insertInto('sessions')
    .values({
      id: `sesion-${n}`,
      user_id: userId,
      role: kind === 'driver' ? 'User' : 'business',
      created_at: at,
      expires_at: at,
      revoked_at: null,
      device: 'Chrome en Android',
      last_seen_at: at,
    })
    .execute()
  await insert('email_verifications', {
    user_id: userId,
    token_hash: `t${n}`,
    code_hash: `c${n}`,
    attempts: 0,
    expires_at: at,
    consumed_at: null,
    created_at: at,
  })
  await insert('password_resets', {
    user_id: userId,
    token_hash: `r${n}`,
    expires_at: at,
    used_at: null,
    created_at: at,
  })
  await insert('consents', {
    user_id: userId,
    document: 'privacy',
    version: '1',
    accepted_at: at,
    ip: `203.0.113.${n}`,
  })
  await insert('privacy_requests', {
    user_id: userId,
    kind: 'rectification',
    status: 'pending',
    detail: `Corregir ${n}`,
    requested_at: at,
    due_at: at,
  })
  const mail = {
    channel: 'email',
    subject: `Asunto ${n}`,
    body_text: `Hola ${firstname}`,
    body_html: null,
    status: 'sent',
    attempts: 1,
    next_attempt_at: at,
    last_error: null,
    created_at: at,
    sent_at: at,
  }
  await insert('outbox', { ...mail, recipient: email, reply_to: null })
  await insert('contact_messages', {
    first_name: firstname,
    last_name: lastname,
    email,
    phone,
    message: `Contacto ${n}`,
    created_at: at,
  })
  await insert('business_contacts', {
    fullname: `${firstname} ${lastname}`,
    name_business: `Negocio ${n}`,
    email,
    phone,
    message: `Negocio ${n}`,
    created_at: at,
  })
  await insert('fleet_requests', {
    name_business: `Flota ${n}`,
    fullname: `${firstname} ${lastname}`,
    email,
    phone,
    id_vehicle: 1,
    quantity: n,
    id_zone: 2,
    id_region: 13000,
    id_commune: 13101,
    id_schedule: 1,
    message: `Flota ${n}`,
    created_at: at,
  })
  await insert('inquiries', {
    type: 'Inquiries',
    complaint_type: null,
    name: `${firstname} ${lastname}`,
    phone,
    email,
    message: `Consulta ${n}`,
    created_at: at,
  })
  const identifiers = [email, rut, phone, `${firstname} ${lastname}`]

  if (kind === 'company') {
    // A company may turn on the second factor (decision 77).
    await db
      .insertInto('totp_factors')
      .values({ user_id: userId, secret_sealed: `totp-${n}`, confirmed_at: at, last_step: null, created_at: at })
      .execute()
    await insert('recovery_codes', { user_id: userId, code_hash: `rc${n}`, used_at: null, created_at: at })
    const logo = await stored('logos', 'webp')
    const row = await insert('companies', {
      user_id: userId,
      name: `Empresa ${lastname} SpA`,
      rut: `7${n}.${n}${n}${n}.${n}${n}${n}-1`,
      contact_name: `${firstname} ${lastname}`,
      email,
      phone,
      id_commune: 13101,
      logo_url: `/api/business/logos/${logo.slice('logos/'.length)}`,
      verified: 1,
      created_at: at,
    })
    const posting = await insert('job_postings', {
      company_id: row.id,
      title: `Reparto ${n}`,
      description: `Descripción ${n}`,
      id_zone: 2,
      id_region: 13000,
      id_commune: 13101,
      id_vehicle: 1,
      id_capacity: null,
      id_schedule: 1,
      start_date: '2026-12-01',
      pawn: 0,
      payment_amount: 40000 + n,
      payment_period: 'por día',
      drivers_needed: 1,
      status: 'open',
      created_at: at,
      updated_at: at,
    })
    identifiers.push(`7${n}.${n}${n}${n}.${n}${n}${n}-1`)
    return { userId, n, identifiers, fileMarkers: markers, postingId: posting.id as number }
  }

  const doc = await insert('user_files', {
    user_id: userId,
    purpose_name: 'licencia_conducir_frontal',
    file_status: 'ACCEPTED',
    storage_key: await stored('documents', 'pdf'),
    mime_type: 'application/pdf',
    size_bytes: 40,
    original_name: `licencia-${n}.pdf`,
    rejection_reason: null,
    created_at: at,
    reviewed_at: at,
    expires_on: '2027-01-01',
  })
  await insert('document_reminders', { user_file_id: doc.id, kind: 30, expires_on: '2027-01-01', created_at: at })
  // One waiting for review: the queue's name index holds pieces of the driver's name for it.
  await insert('user_files', {
    user_id: userId,
    purpose_name: 'soap_frontal',
    file_status: 'PENDING',
    storage_key: await stored('documents', 'pdf'),
    mime_type: 'application/pdf',
    size_bytes: 40,
    original_name: `soap-${n}.pdf`,
    rejection_reason: null,
    created_at: at,
    reviewed_at: null,
    expires_on: null,
  })
  await insert('profile_images', {
    user_id: userId,
    storage_key: await stored('profile-images', 'jpg'),
    mime_type: 'image/jpeg',
    size_bytes: 40,
    created_at: at,
  })
  await insert('work_experience', {
    user_id: userId,
    job_title: `Conductor ${n}`,
    company_name: `Despachos ${n}`,
    type_employment: 'Jornada completa',
    location: 'Santiago',
    start_date: '2021-01-01',
    end_date: null,
    job_description: `Reparto ${n}`,
    created_at: at,
    updated_at: at,
  })
  const account = `00${n}${n}${n}${n}${n}${n}${n}`
  await insert('bank_details', {
    user_id: userId,
    account_holder_name: `${firstname} ${lastname}`,
    bank_name: 'Banco Estado',
    account_number: p.columns.seal('account_number', account),
    account_type: 'Cuenta Rut',
    invoice_type: 'Boleta',
    receipt_issuance: 'Yo la emito',
    sii_address: `Calle ${lastname} ${n}`,
    phone,
    email,
    selected: 'true',
    created_at: at,
    updated_at: at,
  })
  identifiers.push(account)
  const application = await insert('applications', {
    posting_id: company!.postingId,
    user_id: userId,
    status: 'nueva',
    created_at: at,
    updated_at: at,
    seen_at: null,
  })
  await insert('application_messages', {
    application_id: application.id,
    sender: 'driver',
    sender_user_id: userId,
    subject: null,
    body: `Puedo empezar el lunes, ${firstname} ${n}`,
    created_at: at,
    read_at: null,
  })
  await insert('saved_postings', { posting_id: company!.postingId, user_id: userId, created_at: at })
  const owner = await db
    .selectFrom('job_postings')
    .select('company_id')
    .where('id', '=', company!.postingId!)
    .executeTakeFirstOrThrow()
  await insert('posting_invitations', {
    posting_id: company!.postingId,
    user_id: userId,
    company_id: owner.company_id,
    day: at.slice(0, 10),
    created_at: at,
  })
  await insert('data_views', {
    subject_user_id: userId,
    viewer_user_id: company!.userId,
    viewer_kind: 'company',
    company_id: null,
    kind: 'perfil',
    item_id: userId,
    detail: null,
    viewed_at: at,
    window_start: 0,
  })
  const link = await insert('simple_power_links', {
    user_id: userId,
    jti: `jti-${n}`,
    created_at: at,
    expires_at: at,
    used_at: at,
  })
  await insert('simple_powers', {
    user_id: userId,
    link_id: link.id,
    full_name_driver: `${firstname} ${lastname}`,
    rut_driver: p.columns.seal('rut', rut),
    address_driver: `Calle ${lastname} ${n}`,
    nationality_driver: 'Chilena',
    vehicle_brand: 'Toyota',
    vehicle_model: 'Hiace',
    vehicle_year: 2019,
    vehicle_license_plate: `BBBB${n}${n}`,
    full_name_owner: `Dueño ${n}`,
    rut_owner: p.columns.seal('rut', `9${n}.${n}${n}${n}.${n}${n}${n}-2`),
    address_owner: `Dueño calle ${n}`,
    nationality_owner: 'Chilena',
    phone_owner: `8${String(n).repeat(8)}`,
    email_owner: `dueno${n}@ejemplo.cl`,
    id_front_key: 'owner-ids/x',
    id_front_mime: 'image/png',
    id_back_key: 'owner-ids/y',
    id_back_mime: 'image/png',
    document_file_id: doc.id,
    status: 'pending',
    created_at: at,
    signature_recorded_at: null,
    signature_recorded_by: null,
    signature_recorded_by_user_id: null,
  })
  // The row triggers keep for a driver companies may invite (22 accepted, opted in): written as it
  // stands, after the records whose triggers would compute it again.
  await db
    .insertInto('matching_drivers')
    .values({ user_id: userId, id_vehicle: 1, id_commune: 13101, valid_until: '2027-01-01' })
    .execute()
  return { userId, n, identifiers, fileMarkers: markers }
}
