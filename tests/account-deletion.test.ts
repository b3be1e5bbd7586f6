/**
 * After a completed deletion, no row of any table and no stored file holds the person's
 * email, RUT, phone, first or last name, or bank account number — except the records decision 76
 * keeps on purpose, listed below with their reason. The tables and columns are read from the
 * database itself, so a table added later is covered without touching this test.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { enqueueEmail, enqueueWhatsApp } from '#services/platform/messaging/outbox'
import { recordConsents } from '#services/shared/consents'
import { logoUrl } from '#services/shared/logo'
import { engines } from '#services/testing/database'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'
import { runAccountClosure } from '#services/users/account-closure'
import { ACCOUNT_DELETED_SUBJECT } from '#services/users/account-closure-mails'
import { startSession } from '#services/users/session-object'

interface Person {
  email: string
  firstname: string
  lastname: string
  rut: string
  phone: string
  account: string
}

/** What must not survive, in every spelling the product stores. */
function needles(x: Person): string[] {
  const rutBody = x.rut.split('-')[0]!
  return [
    x.email,
    x.firstname,
    x.lastname,
    x.rut,
    rutBody,
    x.phone,
    x.phone.replace(/\D/g, '').slice(-9),
    x.account,
  ].map((s) => s.toLowerCase())
}

/**
 * The documented exceptions while the farewell is not sent yet: the outbox row of «Tu cuenta fue
 * eliminada» holds the old address (recipient) and the first name (greeting) until it is sent; the
 * job purges it afterwards.
 */
const FAREWELL = (row: Record<string, unknown>) => row.__table === 'outbox' && row.subject === ACCOUNT_DELETED_SUBJECT

describe.each(engines)('a completed deletion leaves nothing of the person on %s', (engine) => {
  let p: TestPlatform
  beforeEach(async () => {
    p = await createTestPlatform(engine)
  })
  afterEach(async () => p.destroy())

  /** Every row of every table (read from the schema), each value as text. */
  async function dumpRows(): Promise<Array<Record<string, unknown>>> {
    const tables = await p.db.introspection.getTables()
    expect(tables.length).toBeGreaterThan(25)
    const rows: Array<Record<string, unknown>> = []
    for (const table of tables) {
      const all = await p.db
        .selectFrom(table.name as never)
        .selectAll()
        .execute()
      for (const row of all as Array<Record<string, unknown>>) rows.push({ ...row, __table: table.name })
    }
    return rows
  }

  /** Every stored file, opened with the server's key (they are stored encrypted). */
  async function dumpFiles(): Promise<Array<{ key: string; text: string }>> {
    const files: Array<{ key: string; text: string }> = []
    for await (const key of p.files.list()) {
      const bytes = await p.files.get(key)
      files.push({ key, text: Buffer.from(bytes ?? new Uint8Array()).toString('latin1') })
    }
    return files
  }

  async function leftovers(x: Person, except: (row: Record<string, unknown>) => boolean = () => false) {
    const find = needles(x)
    const hits: string[] = []
    for (const row of await dumpRows()) {
      if (except(row)) continue
      for (const [column, value] of Object.entries(row)) {
        if (value === null || column === '__table') continue
        const text = String(value).toLowerCase()
        for (const needle of find)
          if (text.includes(needle)) hits.push(`${String(row.__table)}.${column} has «${needle}»`)
      }
    }
    for (const file of await dumpFiles()) {
      const text = file.text.toLowerCase()
      for (const needle of find) if (text.includes(needle)) hits.push(`file ${file.key} has «${needle}»`)
    }
    return hits
  }

  async function person(role: 'User' | 'business', x: Person) {
    const now = p.now().toISOString()
    const user = await p.db
      .insertInto('users')
      .values({
        role,
        email: x.email,
        password_hash: 'x',
        firstname: x.firstname,
        lastname: x.lastname,
        // Stored as the services store them: encrypted, with the lookup hash (decision 80).
        rut: role === 'User' ? p.columns.seal('rut', x.rut) : null,
        rut_hmac: role === 'User' ? p.columns.hash('rut', x.rut) : null,
        phone: role === 'User' ? x.phone : null,
        address: 'Pasaje Los Aromos 1234, Maipú',
        about_me: `Soy ${x.firstname}, escríbeme a ${x.email}`,
        img_profile: null,
        email_verified: 1,
        accepted_terms_at: now,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await startSession(p, user)
    await recordConsents(p.db, user.id, now, '200.1.2.3')
    await p.db
      .insertInto('email_verifications')
      .values({
        user_id: user.id,
        token_hash: `t${user.id}`,
        code_hash: 'c',
        attempts: 0,
        expires_at: now,
        consumed_at: null,
        created_at: now,
      })
      .execute()
    await p.db
      .insertInto('password_resets')
      .values({ user_id: user.id, token_hash: `r${user.id}`, expires_at: now, used_at: null, created_at: now })
      .execute()
    await enqueueEmail(
      p.db,
      { to: x.email, subject: `Hola ${x.firstname}`, text: `Hola ${x.firstname} ${x.lastname}` },
      p.now(),
    )
    await p.db.updateTable('outbox').set({ status: 'sent', sent_at: now }).where('recipient', '=', x.email).execute()
    await enqueueEmail(p.db, { to: x.email, subject: 'Pendiente', text: `Tu RUT ${x.rut}` }, p.now())
    await p.db
      .insertInto('contact_messages')
      .values({
        first_name: x.firstname,
        last_name: x.lastname,
        email: x.email,
        phone: x.phone,
        message: 'Hola',
        created_at: now,
      })
      .execute()
    await p.db
      .insertInto('privacy_requests')
      .values({
        user_id: user.id,
        kind: 'rectification',
        status: 'done',
        detail: `Mi RUT es ${x.rut}`,
        requested_at: now,
        due_at: now,
        answered_at: now,
        file_key: null,
        file_expires_at: null,
      })
      .execute()
    return user
  }

  async function driverWithEverything(x: Person, companyUserId: number, postingId: number) {
    const user = await person('User', x)
    const now = p.now().toISOString()
    const doc = await p.files.put(
      'documents',
      new TextEncoder().encode(`%PDF cédula de ${x.firstname} ${x.lastname} RUT ${x.rut}`),
      'pdf',
    )
    const file = await p.db
      .insertInto('user_files')
      .values({
        user_id: user.id,
        purpose_name: 'cedula_frontal',
        file_status: 'ACCEPTED',
        storage_key: doc,
        mime_type: 'application/pdf',
        size_bytes: 10,
        original_name: `${x.lastname}.pdf`,
        rejection_reason: null,
        created_at: now,
        reviewed_at: now,
        expires_on: '2030-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await p.db
      .insertInto('document_reminders')
      .values({ user_file_id: file.id, kind: 30, expires_on: '2030-01-01', created_at: now })
      .execute()
    const photo = await p.files.put('profile-images', new TextEncoder().encode(`JPEG ${x.email}`), 'jpg')
    await p.db
      .insertInto('profile_images')
      .values({ user_id: user.id, storage_key: photo, mime_type: 'image/jpeg', size_bytes: 5, created_at: now })
      .execute()
    await p.db
      .insertInto('work_experience')
      .values({
        user_id: user.id,
        job_title: 'Conductor',
        company_name: 'Reparto Sur',
        type_employment: 'full',
        location: 'Santiago',
        start_date: '2020-01-01',
        end_date: null,
        job_description: `Referencias: ${x.phone}`,
        created_at: now,
        updated_at: now,
      })
      .execute()
    await p.db
      .insertInto('bank_details')
      .values({
        user_id: user.id,
        account_holder_name: `${x.firstname} ${x.lastname}`,
        bank_name: 'BancoEstado',
        account_number: p.columns.seal('account_number', x.account),
        account_type: 'vista',
        invoice_type: 'boleta',
        receipt_issuance: 'no',
        sii_address: 'Maipú',
        phone: x.phone,
        email: x.email,
        selected: '1',
        created_at: now,
        updated_at: now,
      })
      .execute()
    const link = await p.db
      .insertInto('simple_power_links')
      .values({ user_id: user.id, jti: `jti-${user.id}`, created_at: now, expires_at: now, used_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    const front = await p.files.put(
      'owner-ids',
      new TextEncoder().encode(`cédula dueño, pedida por ${x.firstname}`),
      'jpg',
    )
    const back = await p.files.put('owner-ids', new TextEncoder().encode('reverso'), 'jpg')
    await p.db
      .insertInto('simple_powers')
      .values({
        user_id: user.id,
        link_id: link.id,
        full_name_driver: `${x.firstname} ${x.lastname}`,
        rut_driver: p.columns.seal('rut', x.rut),
        address_driver: 'Maipú',
        nationality_driver: 'chilena',
        vehicle_brand: 'Toyota',
        vehicle_model: 'Hiace',
        vehicle_year: 2020,
        vehicle_license_plate: 'ABCD12',
        full_name_owner: 'Rigoberto Dueñas',
        rut_owner: p.columns.seal('rut', '9876543-3'),
        address_owner: 'Ñuñoa',
        nationality_owner: 'chilena',
        phone_owner: '+56911112222',
        email_owner: 'rigoberto@example.cl',
        id_front_key: front,
        id_front_mime: 'image/jpeg',
        id_back_key: back,
        id_back_mime: 'image/jpeg',
        document_file_id: file.id,
        status: 'SIGNED',
        created_at: now,
        signature_recorded_at: null,
        signature_recorded_by: null,
        signature_recorded_by_user_id: null,
      })
      .execute()
    await enqueueWhatsApp(
      p.db,
      { to: '56911112222', text: `${x.firstname} ${x.lastname} te pide autorización` },
      p.now(),
    )
    await p.db
      .insertInto('applications')
      .values({ posting_id: postingId, user_id: user.id, status: 'nueva', created_at: now, updated_at: now })
      .execute()
    await p.db
      .insertInto('saved_postings')
      .values({ posting_id: postingId, user_id: user.id, created_at: now })
      .execute()
    // The company's notice about her application.
    const company = await p.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', companyUserId)
      .executeTakeFirstOrThrow()
    await enqueueEmail(
      p.db,
      { to: company.email, subject: 'Nueva postulación', text: `${x.firstname} ${x.lastname} postuló` },
      p.now(),
    )
    return user
  }

  async function companyWithEverything(x: Person) {
    const user = await person('business', x)
    const now = p.now().toISOString()
    const logo = await p.files.put('logos', new TextEncoder().encode(`WEBP ${x.lastname}`), 'webp')
    const company = await p.db
      .insertInto('companies')
      .values({
        user_id: user.id,
        name: `Transportes ${x.lastname} SpA`,
        rut: x.rut,
        contact_name: `${x.firstname} ${x.lastname}`,
        email: x.email,
        phone: x.phone,
        id_commune: 13101,
        logo_url: logoUrl(logo),
        verified: 1,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const posting = await p.db
      .insertInto('job_postings')
      .values({
        company_id: company.id,
        title: 'Reparto',
        description: `Escribe a ${x.firstname} al ${x.phone}`,
        id_zone: 2,
        id_region: 13000,
        id_commune: 13101,
        id_vehicle: 1,
        id_capacity: 2,
        id_schedule: 1,
        start_date: '2026-12-01',
        pawn: 0,
        payment_amount: 45000,
        payment_period: 'por día',
        drivers_needed: 2,
        status: 'open',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await p.db
      .insertInto('business_contacts')
      .values({
        fullname: `${x.firstname} ${x.lastname}`,
        name_business: 'Transportes',
        email: x.email,
        phone: x.phone,
        message: 'Hola',
        created_at: now,
      })
      .execute()
    return { user, companyId: company.id, postingId: posting.id }
  }

  const eulalia: Person = {
    email: 'eulalia.quiroga@example.cl',
    firstname: 'Eulalia',
    lastname: 'Quirogabenavente',
    rut: '15678901-2',
    phone: '+56987650011',
    account: '000123456789',
  }
  const teodoro: Person = {
    email: 'eustaquio@zapallarlogistica.cl',
    firstname: 'Eustaquio',
    lastname: 'Villasenorrojas',
    rut: '76543210-3',
    phone: '+56223456789',
    account: 'n/a-cuenta',
  }
  const bruno: Person = {
    email: 'bruno.ortuzar@example.cl',
    firstname: 'Brunildo',
    lastname: 'Ortuzarmena',
    rut: '11222333-9',
    phone: '+56955554444',
    account: '999888777666',
  }
  const otros: Person = {
    email: 'otra.empresa@example.cl',
    firstname: 'Anacleta',
    lastname: 'Fuenzalidaparra',
    rut: '77111222-3',
    phone: '+56224440000',
    account: 'n/a-otra',
  }

  it('a driver: every row and file is gone but the farewell, which goes once sent; others keep theirs', async () => {
    const other = await companyWithEverything(otros)
    const her = await driverWithEverything(eulalia, other.user.id, other.postingId)
    const him = await driverWithEverything(bruno, other.user.id, other.postingId)
    // The scan finds what is there (so an empty answer means something).
    expect((await leftovers(eulalia)).length).toBeGreaterThan(20)

    await p.db.updateTable('users').set({ deletion_due_at: p.now().toISOString() }).where('id', '=', her.id).execute()
    expect((await runAccountClosure(p, p.now())).erased).toBe(1)
    const during = await leftovers(eulalia)
    expect(during.length).toBeGreaterThan(0)
    expect(during.every((hit) => hit.startsWith('outbox.'))).toBe(true)
    expect(await leftovers(eulalia, FAREWELL)).toEqual([])

    await p.db.updateTable('outbox').set({ status: 'sent' }).where('subject', '=', ACCOUNT_DELETED_SUBJECT).execute()
    await runAccountClosure(p, p.now())
    expect(await leftovers(eulalia)).toEqual([])

    // Kept, anonymised: her requests and consents, naming only the account's number.
    expect(
      await p.db
        .selectFrom('privacy_requests')
        .select(['kind', 'status'])
        .where('user_id', '=', her.id)
        .orderBy('id')
        .execute(),
    ).toEqual([{ kind: 'rectification', status: 'done' }])
    expect(
      (await p.db.selectFrom('consents').select('ip').where('user_id', '=', her.id).execute()).map((c) => c.ip),
    ).toEqual([null, null])
    // Nobody else lost anything.
    expect((await leftovers(bruno)).length).toBeGreaterThan(20)
    expect((await leftovers(otros)).length).toBeGreaterThan(10)
    expect(
      await p.db.selectFrom('applications').select('user_id').where('posting_id', '=', other.postingId).execute(),
    ).toEqual([{ user_id: him.id }])
  })

  it(
    'a company: its row, logo, postings and what drivers did on them go; the drivers ' + 'keep their accounts',
    async () => {
      const leaving = await companyWithEverything(teodoro)
      const him = await driverWithEverything(bruno, leaving.user.id, leaving.postingId)
      expect((await leftovers(teodoro)).length).toBeGreaterThan(10)

      await p.db
        .updateTable('users')
        .set({ deletion_due_at: p.now().toISOString() })
        .where('id', '=', leaving.user.id)
        .execute()
      expect((await runAccountClosure(p, p.now())).erased).toBe(1)
      expect(await leftovers(teodoro, FAREWELL)).toEqual([])
      await p.db.updateTable('outbox').set({ status: 'sent' }).where('subject', '=', ACCOUNT_DELETED_SUBJECT).execute()
      await runAccountClosure(p, p.now())
      expect(await leftovers(teodoro)).toEqual([])

      expect(
        await p.db.selectFrom('job_postings').select('id').where('company_id', '=', leaving.companyId).execute(),
      ).toEqual([])
      expect(await p.db.selectFrom('applications').select('id').where('user_id', '=', him.id).execute()).toEqual([])
      expect(
        (await p.db.selectFrom('users').select('closed_at').where('id', '=', him.id).executeTakeFirstOrThrow())
          .closed_at,
      ).toBeNull()
      // Bruno's own data is all there; only the company's notice about his application, which
      // named him to the company, went with the company.
      expect((await leftovers(bruno)).length).toBeGreaterThan(15)
    },
  )
})
