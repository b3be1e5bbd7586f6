import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DATA_CATEGORIES, RETENTION_RULE_IDS, retentionDays } from '#domain/privacy'
import { DOCUMENT_SLOT_KEYS, FILE_REMOVED } from '#domain/reference-data/documents'
import { loadConfig } from '#services/platform/config'
import { createPlatform, type Platform } from '#services/platform/platform'
import { memoryRateLimiter } from '#services/platform/rate-limit'
import { companyAccount, insertPostings } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { userWithSession } from '#services/users/driver-area/test-helpers'
import { RETIRED_FILE_RULES, runRetention } from './retention'

const DAY = 24 * 60 * 60 * 1000
/** Day 0 of every test, 1000 days ago: a run at day 200 leaves the sessions the tests open now. */
const T0 = new Date(Date.now() - 1000 * DAY)
const at = (days: number) => new Date(T0.getTime() + days * DAY)
const iso = (days: number) => at(days).toISOString()

describe('retention rules', () => {
  it('every rule the job enforces is in the policy once, and every document slot has one file rule', () => {
    const ids = DATA_CATEGORIES.flatMap((c) => c.retention.rules.flatMap((r) => (r.id ? [r.id] : [])))
    expect([...ids].sort()).toEqual([...RETENTION_RULE_IDS].sort())
    const slots = Object.values(RETIRED_FILE_RULES).flat()
    expect([...slots].sort()).toEqual([...DOCUMENT_SLOT_KEYS].sort())
    expect(retentionDays('certificate-retired')).toBe(30)
    expect(retentionDays('documents-retired')).toBe(180)
    expect(retentionDays('power-id-images')).toBe(30)
  })
})

describe.each(engines)('retention job on %s', (engine) => {
  let p: TestPlatform

  beforeEach(async () => {
    p = await createTestPlatform(engine)
  })
  afterEach(async () => p.destroy())

  let counter = 0
  async function driver() {
    counter++
    const row = await p.db
      .insertInto('users')
      .values({
        role: 'User',
        email: `retention${counter}-${randomUUID()}@example.cl`,
        password_hash: 'x',
        firstname: 'Camila',
        lastname: 'Pérez',
        rut: null,
        phone: null,
        address: null,
        about_me: null,
        img_profile: null,
        email_verified: 1,
        accepted_terms_at: iso(-400),
        created_at: iso(-400),
        updated_at: iso(-400),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  async function upload(userId: number, slot: string, createdDays: number) {
    const key = await p.files.put('documents', new Uint8Array([1, 2, 3, counter]), 'png')
    const row = await p.db
      .insertInto('user_files')
      .values({
        user_id: userId,
        purpose_name: slot,
        file_status: 'PENDING',
        storage_key: key,
        mime_type: 'image/png',
        size_bytes: 4,
        original_name: `${slot}.png`,
        rejection_reason: null,
        created_at: iso(createdDays),
        reviewed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { id: row.id, key }
  }

  const fileRow = (id: number) =>
    p.db.selectFrom('user_files').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const stored = async (key: string) => (await p.files.get(key)) !== null
  const count = async (
    table: 'sessions' | 'pending_file_removals' | 'outbox' | 'applications' | 'saved_postings',
    ids?: number[] | string[],
  ) => {
    let q = p.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'))
    if (ids) q = q.where('id', 'in', ids as never)
    return Number((await q.executeTakeFirstOrThrow()).n)
  }

  it(
    'a replaced document goes after 180 days from its replacement, the certificate ' +
      'after 30; the row stays; the current one never',
    async () => {
      const userId = await driver()
      const oldId = await upload(userId, 'cedula_identidad_frontal', -10)
      const current = await upload(userId, 'cedula_identidad_frontal', 0)
      const oldCert = await upload(userId, 'certificado_antecedentes', -5)
      const cert = await upload(userId, 'certificado_antecedentes', 0)
      // The trigger records when each was replaced: the newer upload's time, not the old one's own.
      expect((await fileRow(oldId.id)).retired_at).toBe(iso(0))
      expect((await fileRow(current.id)).retired_at).toBeNull()
      expect((await fileRow(oldCert.id)).retired_at).toBe(iso(0))

      let run = await runRetention(p, at(29))
      expect(run.removed['certificate-retired']).toBe(0)
      expect(await stored(oldCert.key)).toBe(true)

      run = await runRetention(p, at(31))
      expect(run.removed['certificate-retired']).toBe(1)
      expect(run.removed['documents-retired']).toBe(0)
      expect(await stored(oldCert.key)).toBe(false)
      expect((await fileRow(oldCert.id)).file_purged_at).toBe(iso(31))
      expect(await stored(oldId.key)).toBe(true)

      run = await runRetention(p, at(179))
      expect(run.removed['documents-retired']).toBe(0)
      expect(await stored(oldId.key)).toBe(true)

      run = await runRetention(p, at(181))
      expect(run.removed['documents-retired']).toBe(1)
      expect(await stored(oldId.key)).toBe(false)
      const kept = await fileRow(oldId.id)
      expect(kept.file_purged_at).toBe(iso(181))
      expect(kept.purpose_name).toBe('cedula_identidad_frontal')

      // Years later the current records are still there, files included; nothing is left queued.
      run = await runRetention(p, at(3000))
      expect(Object.values(run.removed).reduce((a, b) => a + b, 0)).toBe(0)
      expect(await stored(current.key)).toBe(true)
      expect(await stored(cert.key)).toBe(true)
      expect((await fileRow(current.id)).file_purged_at).toBeNull()
      expect(await count('pending_file_removals')).toBe(0)
    },
  )

  it('a rejected document counts from its rejection (the review time), even when it is the latest record', async () => {
    const userId = await driver()
    const soap = await upload(userId, 'soap_frontal', -100)
    await p.db
      .updateTable('user_files')
      .set({ file_status: 'REJECTED', rejection_reason: 'Ilegible', reviewed_at: iso(0) })
      .where('id', '=', soap.id)
      .execute()
    expect((await fileRow(soap.id)).retired_at).toBe(iso(0))
    const accepted = await upload(userId, 'padron_vehiculo_frontal', -100)
    await p.db
      .updateTable('user_files')
      .set({ file_status: 'ACCEPTED', reviewed_at: iso(0) })
      .where('id', '=', accepted.id)
      .execute()
    expect((await fileRow(accepted.id)).retired_at).toBeNull()

    expect((await runRetention(p, at(179))).removed['vehicle-documents-retired']).toBe(0)
    expect(await stored(soap.key)).toBe(true)
    expect((await runRetention(p, at(181))).removed['vehicle-documents-retired']).toBe(1)
    expect(await stored(soap.key)).toBe(false)
    expect(await stored(accepted.key)).toBe(true)
  })

  async function power(userId: number, createdDays: number) {
    const doc = await upload(userId, 'autorizacion_dueno_vehiculo', createdDays)
    const link = await p.db
      .insertInto('simple_power_links')
      .values({
        user_id: userId,
        jti: randomUUID(),
        created_at: iso(createdDays),
        expires_at: iso(createdDays + 1),
        used_at: iso(createdDays),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const front = await p.files.put('powers', new Uint8Array([9, 9, 1]), 'jpg')
    const back = await p.files.put('powers', new Uint8Array([9, 9, 2]), 'jpg')
    const row = await p.db
      .insertInto('simple_powers')
      .values({
        user_id: userId,
        link_id: link.id,
        full_name_driver: 'Camila Pérez',
        rut_driver: p.columns.seal('rut', '11111111-1'),
        address_driver: 'Calle 1',
        nationality_driver: 'Chilena',
        vehicle_brand: 'Toyota',
        vehicle_model: 'Hilux',
        vehicle_year: 2020,
        vehicle_license_plate: 'ABCD12',
        full_name_owner: 'Pedro Soto',
        rut_owner: p.columns.seal('rut', '22222222-2'),
        address_owner: 'Calle 2',
        nationality_owner: 'Chilena',
        phone_owner: '912345678',
        email_owner: 'pedro@example.cl',
        id_front_key: front,
        id_front_mime: 'image/jpeg',
        id_back_key: back,
        id_back_mime: 'image/jpeg',
        document_file_id: doc.id,
        status: 'PENDING_SIGNATURE',
        created_at: iso(createdDays),
        signature_recorded_at: null,
        signature_recorded_by: null,
        signature_recorded_by_user_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { id: row.id, doc, front, back }
  }

  it(
    "the owner's ID images go 30 days after the power is approved or rejected; a " + 'pending power keeps them',
    async () => {
      const approved = await power(await driver(), -50)
      await p.db
        .updateTable('user_files')
        .set({ file_status: 'ACCEPTED', reviewed_at: iso(0) })
        .where('id', '=', approved.doc.id)
        .execute()
      const rejected = await power(await driver(), -50)
      await p.db
        .updateTable('user_files')
        .set({ file_status: 'REJECTED', rejection_reason: 'No firmado', reviewed_at: iso(2) })
        .where('id', '=', rejected.doc.id)
        .execute()
      const pending = await power(await driver(), -50)

      expect((await runRetention(p, at(29))).removed['power-id-images']).toBe(0)
      expect(await stored(approved.front)).toBe(true)

      expect((await runRetention(p, at(31))).removed['power-id-images']).toBe(1)
      expect(await stored(approved.front)).toBe(false)
      expect(await stored(approved.back)).toBe(false)
      expect(await stored(rejected.front)).toBe(true)
      const row = await p.db
        .selectFrom('simple_powers')
        .selectAll()
        .where('id', '=', approved.id)
        .executeTakeFirstOrThrow()
      expect(row.id_images_purged_at).toBe(iso(31))
      expect(row.full_name_owner).toBe('Pedro Soto')
      // The approved PDF itself is the current document: it stays.
      expect(await stored(approved.doc.key)).toBe(true)

      expect((await runRetention(p, at(33))).removed['power-id-images']).toBe(1)
      expect(await stored(rejected.back)).toBe(false)

      await runRetention(p, at(3000))
      expect(await stored(pending.front)).toBe(true)
      expect(await stored(pending.back)).toBe(true)
    },
  )

  it(
    'sessions go 90 days after they end (expired or revoked); codes 7 days after ' +
      'expiry; sent messages 30 days after sending',
    async () => {
      const userId = await driver()
      const session = (id: string, expires: number, revoked: number | null) =>
        p.db
          .insertInto('sessions')
          .values({
            id,
            user_id: userId,
            role: 'User',
            created_at: iso(-10),
            expires_at: iso(expires),
            revoked_at: revoked === null ? null : iso(revoked),
            device: null,
            last_seen_at: null,
          })
          .execute()
      await session('expired', 0, null)
      await session('revoked', 60, 0)
      await session('live', 400, null)
      await p.db
        .insertInto('email_verifications')
        .values({
          user_id: userId,
          token_hash: 'a',
          code_hash: 'b',
          attempts: 0,
          expires_at: iso(0),
          consumed_at: null,
          created_at: iso(0),
        })
        .execute()
      await p.db
        .insertInto('password_resets')
        .values({ user_id: userId, token_hash: 'c', expires_at: iso(0), used_at: null, created_at: iso(0) })
        .execute()
      const mail = (status: 'sent' | 'failed' | 'pending', created: number, sent: number | null) =>
        p.db
          .insertInto('outbox')
          .values({
            channel: 'email',
            recipient: 'camila@example.cl',
            subject: 'Restablece tu contraseña',
            body_text: 'https://fleeters.cl/reset?token=secreto',
            body_html: null,
            reply_to: null,
            status,
            attempts: 1,
            next_attempt_at: iso(created),
            last_error: null,
            created_at: iso(created),
            sent_at: sent === null ? null : iso(sent),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      const sent = await mail('sent', -3, 0)
      const failed = await mail('failed', 0, null)
      const pending = await mail('pending', -100, null)
      const ids = ['expired', 'revoked', 'live']
      const mails = [sent.id, failed.id, pending.id]

      let run = await runRetention(p, at(6))
      expect(run.removed['one-time-codes']).toBe(0)
      run = await runRetention(p, at(8))
      expect(run.removed['one-time-codes']).toBe(2)
      expect(await p.db.selectFrom('email_verifications').select('id').where('user_id', '=', userId).execute()).toEqual(
        [],
      )
      expect(await p.db.selectFrom('password_resets').select('id').where('user_id', '=', userId).execute()).toEqual([])

      await runRetention(p, at(29))
      expect(await count('outbox', mails)).toBe(3)
      await runRetention(p, at(31))
      expect(
        (await p.db.selectFrom('outbox').select('id').where('id', 'in', mails).execute()).map((r) => r.id),
      ).toEqual([pending.id])

      await runRetention(p, at(89))
      expect(await count('sessions', ids)).toBe(3)
      run = await runRetention(p, at(91))
      expect(run.removed.sessions).toBeGreaterThanOrEqual(2)
      expect(
        (await p.db.selectFrom('sessions').select('id').where('id', 'in', ids).execute()).map((r) => r.id),
      ).toEqual(['live'])
    },
  )

  it(
    'public forms and applications go after 2 years; an application of an open ' +
      'posting its company moved recently stays',
    async () => {
      const company = await companyAccount(p)
      const [open, closed] = await insertPostings(p, company.companyId, [{ status: 'open' }, { status: 'closed' }])
      const userId = await driver()
      const apply = async (postingId: number, created: number, updated: number) =>
        (
          await p.db
            .insertInto('applications')
            .values({
              posting_id: postingId,
              user_id: userId,
              status: 'Postulado',
              created_at: iso(created),
              updated_at: iso(updated),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
      const onClosed = await apply(closed!, 0, 0)
      const openMoved = await apply(open!, 0, 400)
      const saved = (
        await p.db
          .insertInto('saved_postings')
          .values({ posting_id: open!, user_id: userId, created_at: iso(0) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
      await p.db
        .insertInto('contact_messages')
        .values({
          first_name: 'A',
          last_name: 'B',
          email: 'a@example.cl',
          phone: '912345678',
          message: 'Hola',
          created_at: iso(0),
        })
        .execute()
      await p.db
        .insertInto('business_contacts')
        .values({
          fullname: 'A B',
          name_business: 'X',
          email: 'a@example.cl',
          phone: '912345678',
          message: 'Hola',
          created_at: iso(0),
        })
        .execute()
      await p.db
        .insertInto('inquiries')
        .values({
          type: 'Inquiries',
          complaint_type: null,
          name: 'A',
          phone: '912345678',
          email: 'a@example.cl',
          message: 'Hola',
          created_at: iso(0),
        })
        .execute()
      const forms = async () =>
        Number(
          (
            await p.db
              .selectFrom('contact_messages')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ) +
        Number(
          (
            await p.db
              .selectFrom('business_contacts')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ) +
        Number(
          (
            await p.db
              .selectFrom('inquiries')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        )

      let run = await runRetention(p, at(729))
      expect(run.removed['public-forms']).toBe(0)
      expect(run.removed.applications).toBe(0)
      expect(await forms()).toBe(3)

      run = await runRetention(p, at(731))
      expect(run.removed['public-forms']).toBe(3)
      expect(await forms()).toBe(0)
      expect(run.removed.applications).toBe(2)
      expect(await count('applications', [onClosed, openMoved])).toBe(1)
      expect(await count('saved_postings', [saved])).toBe(0)

      await runRetention(p, at(400 + 729))
      expect(await count('applications', [openMoved])).toBe(1)
      await runRetention(p, at(400 + 731))
      expect(await count('applications', [openMoved])).toBe(0)
    },
  )

  it('a closed posting goes 2 years after it was closed (with its applications); an open one stays', async () => {
    const company = await companyAccount(p)
    const [open, closed] = await insertPostings(p, company.companyId, [{ status: 'open' }, { status: 'closed' }])
    await p.db
      .updateTable('job_postings')
      .set({ created_at: iso(-500), updated_at: iso(-500) })
      .where('id', '=', open!)
      .execute()
    await p.db
      .updateTable('job_postings')
      .set({ created_at: iso(-500), updated_at: iso(0) })
      .where('id', '=', closed!)
      .execute()
    const userId = await driver()
    const application = { user_id: userId, status: 'Postulado', created_at: iso(0), updated_at: iso(0) }
    await p.db
      .insertInto('applications')
      .values({ ...application, posting_id: closed! })
      .execute()
    const postings = async () =>
      (
        await p.db.selectFrom('job_postings').select('id').where('id', 'in', [open!, closed!]).orderBy('id').execute()
      ).map((r) => r.id)

    expect((await runRetention(p, at(729))).removed['closed-postings']).toBe(0)
    expect(await postings()).toEqual([open, closed])
    expect((await runRetention(p, at(731))).removed['closed-postings']).toBe(1)
    expect(await postings()).toEqual([open])
    expect(await p.db.selectFrom('applications').select('id').where('posting_id', '=', closed!).execute()).toEqual([])
  })

  it(
    "an expired «Descargar mis datos» ZIP: the file goes and the request's key is " + 'nulled; the request stays',
    async () => {
      const userId = await driver()
      const key = await p.files.put('exports', new Uint8Array([5, 5, 5]), 'zip')
      const request = await p.db
        .insertInto('privacy_requests')
        .values({
          user_id: userId,
          kind: 'export',
          status: 'done',
          detail: null,
          requested_at: iso(-7),
          due_at: iso(23),
          answered_at: iso(-7),
          file_key: key,
          file_expires_at: iso(0),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      expect((await runRetention(p, at(-1))).removed['export-files']).toBe(0)
      expect(await stored(key)).toBe(true)
      expect((await runRetention(p, at(1))).removed['export-files']).toBe(1)
      expect(await stored(key)).toBe(false)
      const row = await p.db
        .selectFrom('privacy_requests')
        .selectAll()
        .where('id', '=', request.id)
        .executeTakeFirstOrThrow()
      expect(row.file_key).toBeNull()
      expect(row.status).toBe('done')
    },
  )

  it(
    'the driver and the console see «Archivo eliminado por antigüedad», never a ' + 'broken file; the rows stay',
    async () => {
      const api = testClient(p)
      const me = await userWithSession(p)
      const admin = await userWithSession(p, 'admin')
      const rejected = await upload(me.user.id, 'soap_frontal', -300)
      const reject = { file_status: 'REJECTED' as const, rejection_reason: 'Ilegible', reviewed_at: iso(0) }
      await p.db.updateTable('user_files').set(reject).where('id', '=', rejected.id).execute()
      const old = await upload(me.user.id, 'padron_vehiculo_frontal', -300)
      const current = await upload(me.user.id, 'padron_vehiculo_frontal', 0)
      const owner = await power(me.user.id, -300)
      const accept = { file_status: 'ACCEPTED' as const, reviewed_at: iso(0) }
      await p.db.updateTable('user_files').set(accept).where('id', '=', owner.doc.id).execute()
      // Before: the files are served.
      expect((await api.get(`/users/files/${rejected.id}`, me.headers)).status).toBe(200)
      expect((await api.get(`/admin/powers/${owner.id}/id-images/front`, admin.headers)).status).toBe(200)

      await runRetention(p, at(200))

      const list = await api.get('/users/obtain-all-documents-user', me.headers)
      expect(list.status).toBe(200)
      const soap = list.body.find((r: { purpose_name: string }) => r.purpose_name === 'soap_frontal')
      expect(soap).toMatchObject({
        id_file: rejected.id,
        file_status: 'REJECTED',
        rejection_reason: 'Ilegible',
        file_removed: true,
      })
      const padron = list.body.find((r: { purpose_name: string }) => r.purpose_name === 'padron_vehiculo_frontal')
      expect(padron.id_file).toBe(current.id)
      expect(padron.file_removed).toBeUndefined()
      const gone = await api.get(`/users/files/${rejected.id}`, me.headers)
      expect(gone).toMatchObject({ status: 404, body: { message: FILE_REMOVED } })
      expect((await api.get(`/users/files/${current.id}`, me.headers)).status).toBe(200)

      const detail = await api.get(`/admin/documents/${old.id}`, admin.headers)
      expect(detail.status).toBe(200)
      expect(detail.body.document.file_removed_at).toBe(iso(200))
      expect(
        detail.body.history.map((h: { id: number; file_removed_at: string | null }) => [h.id, h.file_removed_at]),
      ).toEqual([
        [current.id, null],
        [old.id, iso(200)],
      ])
      expect(await api.get(`/admin/documents/${old.id}/file`, admin.headers)).toMatchObject({
        status: 404,
        body: { message: FILE_REMOVED },
      })

      const review = await api.get(`/admin/documents/${owner.doc.id}`, admin.headers)
      expect(review.body.power).toMatchObject({
        id: owner.id,
        id_images_removed_at: iso(200),
        owner: { name: 'Pedro Soto' },
      })
      for (const side of ['front', 'back']) {
        const image = await api.get(`/admin/powers/${owner.id}/id-images/${side}`, admin.headers)
        expect(image).toMatchObject({ status: 404, body: { message: FILE_REMOVED } })
      }
      // Another driver still gets the plain 404 for someone else's file.
      const other = await userWithSession(p)
      expect((await api.get(`/users/files/${rejected.id}`, other.headers)).body.message).not.toBe(FILE_REMOVED)
    },
  )

  it('a crash between the rows and the files leaves rows saying «removed» and keys the next run removes', async () => {
    const userId = await driver()
    const old = await upload(userId, 'certificado_antecedentes', -5)
    await upload(userId, 'certificado_antecedentes', 0)
    const crashing: Platform = {
      ...p,
      files: {
        ...p.files,
        remove: async () => {
          throw new Error('killed')
        },
      },
    }
    const run = await runRetention(crashing, at(31))
    expect(run.removed['certificate-retired']).toBe(1)
    expect(run).toMatchObject({ files: 0, filesLeft: 1 })
    // The row already says the file is gone (no screen links it), the file is still there, its key queued.
    expect((await fileRow(old.id)).file_purged_at).toBe(iso(31))
    expect(await stored(old.key)).toBe(true)
    expect(await p.db.selectFrom('pending_file_removals').select('storage_key').execute()).toEqual([
      { storage_key: old.key },
    ])

    // A malformed key (no store can hold it) does not block the queue: it is dropped.
    await p.db
      .insertInto('pending_file_removals')
      .values({ storage_key: '../fuera-de-la-carpeta', created_at: iso(31) })
      .execute()
    const next = await runRetention(p, at(32))
    expect(next.removed['certificate-retired']).toBe(0)
    expect(next).toMatchObject({ files: 1, filesLeft: 0 })
    expect(await stored(old.key)).toBe(false)
    expect(await count('pending_file_removals')).toBe(0)
  })

  it('a dry run counts what would go and changes nothing; then a run removes exactly that', async () => {
    const userId = await driver()
    const old = await upload(userId, 'licencia_conducir_frontal', -5)
    await upload(userId, 'licencia_conducir_frontal', 0)
    await p.db
      .insertInto('contact_messages')
      .values({
        first_name: 'A',
        last_name: 'B',
        email: 'a@example.cl',
        phone: '912345678',
        message: 'Hola',
        created_at: iso(0),
      })
      .execute()
    const dry = await runRetention(p, at(800), { dryRun: true })
    expect(dry.dryRun).toBe(true)
    expect(dry.removed['documents-retired']).toBe(1)
    expect(dry.removed['public-forms']).toBe(1)
    expect(dry.files).toBe(1)
    expect(await stored(old.key)).toBe(true)
    expect((await fileRow(old.id)).file_purged_at).toBeNull()
    expect(await count('pending_file_removals')).toBe(0)

    const real = await runRetention(p, at(800))
    expect(real.removed['documents-retired']).toBe(1)
    expect(real.removed['public-forms']).toBe(1)
    expect(real.files).toBe(1)
  })

  it('takes at most a batch per rule and run; two runs at once remove each file once, with no error', async () => {
    const userId = await driver()
    const olds = []
    for (const slot of [
      'cedula_identidad_frontal',
      'cedula_identidad_posterior',
      'licencia_conducir_frontal',
      'comprobante_domicilio',
      'hoja_vida_conductor',
    ]) {
      olds.push(await upload(userId, slot, -5))
      await upload(userId, slot, 0)
    }
    const first = await runRetention(p, at(200), { batch: 2 })
    expect(first.removed['documents-retired']).toBe(2)
    expect(first.files).toBe(2)
    const [a, b] = await Promise.all([runRetention(p, at(200), { batch: 2 }), runRetention(p, at(200), { batch: 2 })])
    const third = await runRetention(p, at(200), { batch: 2 })
    expect(a.removed['documents-retired'] + b.removed['documents-retired'] + third.removed['documents-retired']).toBe(3)
    expect(a.files + b.files + third.files).toBe(3)
    for (const o of olds) expect(await stored(o.key)).toBe(false)
    expect(await count('pending_file_removals')).toBe(0)
  })
})

describe('npm run retention (embedded default)', () => {
  it('--dry-run prints what would go per rule and removes nothing; without it, the file goes', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleeters-retention-'))
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '', DATA_ENCRYPTION_KEY: '' }
    const script = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/retention.ts', ...args], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env,
        encoding: 'utf8',
      })
    try {
      const p = await createPlatform(loadConfig({ DATA_DIR: dataDir }), { limiter: memoryRateLimiter() })
      let key: string
      let id: number
      try {
        const now = iso(0)
        const user = await p.db
          .insertInto('users')
          .values({
            role: 'User',
            email: 'script@example.cl',
            password_hash: 'x',
            firstname: 'Ana',
            lastname: 'Soto',
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
        key = await p.files.put('documents', new Uint8Array([7, 7, 7]), 'png')
        const file = {
          user_id: user.id,
          purpose_name: 'certificado_antecedentes',
          file_status: 'PENDING' as const,
          mime_type: 'image/png',
          size_bytes: 3,
          original_name: 'c.png',
          rejection_reason: null,
          created_at: now,
          reviewed_at: null,
        }
        id = (
          await p.db
            .insertInto('user_files')
            .values({ ...file, storage_key: key })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
        await p.db
          .insertInto('user_files')
          .values({ ...file, storage_key: 'documents/newer.png' })
          .execute()
      } finally {
        await p.close()
      }
      const dry = script(['--dry-run', '--now', iso(40)])
      expect(dry.status, dry.stderr).toBe(0)
      expect(dry.stdout).toMatch(/simulación \(no se borra nada\)/)
      expect(dry.stdout).toMatch(/certificate-retired: 1 por borrar/)
      const check = await createPlatform(loadConfig({ DATA_DIR: dataDir }), { limiter: memoryRateLimiter() })
      try {
        expect(await check.files.get(key)).not.toBeNull()
        expect(
          (
            await check.db
              .selectFrom('user_files')
              .select('file_purged_at')
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).file_purged_at,
        ).toBeNull()
      } finally {
        await check.close()
      }
      const real = script(['--now', iso(40)])
      expect(real.status, real.stderr).toBe(0)
      expect(real.stdout).toMatch(/certificate-retired: 1 borrados/)
      const after = await createPlatform(loadConfig({ DATA_DIR: dataDir }), { limiter: memoryRateLimiter() })
      try {
        expect(await after.files.get(key)).toBeNull()
        expect(
          (
            await after.db
              .selectFrom('user_files')
              .select('file_purged_at')
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).file_purged_at,
        ).toBe(iso(40))
      } finally {
        await after.close()
      }
      expect(script(['--now', 'ayer']).status).toBe(2)
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})
