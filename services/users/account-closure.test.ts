import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  CLOSED_ACCOUNT_NAME,
  closedAccountEmail,
  DELETION_GRACE_DAYS,
  INACTIVITY_DAYS,
  INACTIVITY_NOTICE_DAYS,
} from '#domain/account-closure'
import { hashPassword } from '#services/platform/crypto'
import { business, companyAccount, driver, driverAccount, insertPostings } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, outbox, testClient, type TestPlatform } from '#services/testing/platform'
import { runAccountClosure } from './account-closure'
import { ACCOUNT_DELETED_SUBJECT } from './account-closure-mails'
import { ACCOUNT_CLOSURE_SERVICE_MESSAGES as M } from './account-closure-operations'
import { AUTH_MESSAGES } from './auth-operations'
import { sendExpiryReminders } from './document-reminders'
import { DRIVER_POSTING_MESSAGES } from './postings'

const DAY = 24 * 60 * 60 * 1000
const PASSWORD = 'clave1234'

describe.each(engines)('account closure on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  async function withPassword(userId: number) {
    await p.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', userId)
      .execute()
  }
  const user = (id: number) => p.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const requests = (id: number) =>
    p.db.selectFrom('privacy_requests').selectAll().where('user_id', '=', id).orderBy('id').execute()
  const login = (email: string, password = PASSWORD) => api.post('/auth/login', { email, password })

  it('refuses a wrong password or a bad body without writing anything', async () => {
    const camila = await driverAccount(p)
    await withPassword(camila.userId)
    const wrong = await api.post('/auth/delete-account/user', { current_password: 'otra1234' }, driver(camila))
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toBe(M.wrongPassword)
    for (const body of [{}, { current_password: '' }, { current_password: 5 }, null, 'x']) {
      const res = await api.post('/auth/delete-account/user', body, driver(camila))
      expect(res.status).toBe(400)
      expect(typeof res.body.message).toBe('string')
    }
    expect((await user(camila.userId)).deletion_due_at).toBeNull()
    expect(await requests(camila.userId)).toEqual([])
    // Another role's path is refused.
    expect(
      (await api.post('/auth/delete-account/business', { current_password: PASSWORD }, driver(camila))).status,
    ).toBe(403)
  })

  it('a request closes the account at once, logs it, mails how to cancel; a login cancels it', async () => {
    const camila = await driverAccount(p)
    await withPassword(camila.userId)
    const start = p.now()
    const res = await api.post('/auth/delete-account/user', { current_password: PASSWORD }, driver(camila))
    expect(res.status).toBe(200)
    const due = new Date(res.body.deletion_due_at).getTime()
    expect(Math.abs(due - (start.getTime() + DELETION_GRACE_DAYS * DAY))).toBeLessThan(5_000)
    expect((await user(camila.userId)).deletion_due_at).toBe(res.body.deletion_due_at)
    // Signed out everywhere.
    expect((await api.get('/auth/privacy-state/user', driver(camila))).status).toBe(401)
    const [request] = await requests(camila.userId)
    expect(request).toMatchObject({ kind: 'deletion', status: 'pending' })
    const mails = await outbox(p, camila.email)
    expect(mails.at(-1)!.subject).toBe('Pediste eliminar tu cuenta de Fleeters')
    expect(mails.at(-1)!.body_text).toContain('inicia sesión antes del')

    // The job before the date leaves it alone.
    p.advance((DELETION_GRACE_DAYS - 1) * DAY)
    expect((await runAccountClosure(p, p.now())).erased).toBe(0)

    const back = await login(camila.email)
    expect(back.status).toBe(200)
    expect(back.body.message).toBe(AUTH_MESSAGES.deletionCancelled)
    expect((await user(camila.userId)).deletion_due_at).toBeNull()
    expect((await requests(camila.userId))[0]).toMatchObject({ status: 'cancelled' })
    expect((await outbox(p, camila.email)).at(-1)!.subject).toBe('Cancelaste la eliminación de tu cuenta de Fleeters')
    // A second login is an ordinary one.
    expect((await login(camila.email)).body.message).toBe(AUTH_MESSAGES.loggedIn)
    p.advance(2 * DAY)
    expect((await runAccountClosure(p, p.now())).erased).toBe(0)
    expect((await user(camila.userId)).closed_at).toBeNull()
  })

  it('a company leaving has its open postings hidden from drivers; a login reopens exactly those', async () => {
    const andes = await companyAccount(p)
    await withPassword(andes.userId)
    const [open, alreadyClosed] = await insertPostings(p, andes.companyId, [
      { title: 'Abierta' },
      { title: 'Cerrada', status: 'closed' },
    ])
    const camila = await driverAccount(p)
    expect(
      (await api.post('/auth/delete-account/business', { current_password: PASSWORD }, business(andes))).status,
    ).toBe(200)
    const apply = await api.post('/users/postulate-job-posting', { id_publication: open }, driver(camila))
    expect(apply.status).toBe(409)
    expect((await login(andes.email)).body.message).toBe(AUTH_MESSAGES.deletionCancelled)
    const statuses = await p.db
      .selectFrom('job_postings')
      .select(['id', 'status'])
      .where('company_id', '=', andes.companyId)
      .orderBy('id')
      .execute()
    expect(statuses).toEqual([
      { id: open, status: 'open' },
      { id: alreadyClosed, status: 'closed' },
    ])
  })

  it(
    'the job erases a due account under an injected clock, removes its files after ' +
      'the commit and purges the farewell once sent',
    async () => {
      const camila = await driverAccount(p)
      await withPassword(camila.userId)
      await p.db
        .updateTable('users')
        .set({
          rut: p.columns.seal('rut', '12345678-5'),
          rut_hmac: p.columns.hash('rut', '12345678-5'),
          phone: '+56987654321',
          address: 'Av. Siempre Viva 742',
        })
        .where('id', '=', camila.userId)
        .execute()
      const key = await p.files.put('documents', new Uint8Array([1, 2, 3, 4]), 'pdf')
      const now = p.now().toISOString()
      await p.db
        .insertInto('user_files')
        .values({
          user_id: camila.userId,
          purpose_name: 'cedula_frontal',
          file_status: 'PENDING',
          storage_key: key,
          mime_type: 'application/pdf',
          size_bytes: 4,
          original_name: 'c.pdf',
          rejection_reason: null,
          created_at: now,
          reviewed_at: null,
        })
        .execute()
      // Someone saw her RUT (decision 78): that record goes with her.
      await p.db
        .insertInto('data_views')
        .values({
          subject_user_id: camila.userId,
          viewer_user_id: null,
          viewer_kind: 'staff',
          company_id: null,
          kind: 'rut',
          item_id: camila.userId,
          detail: null,
          viewed_at: now,
          window_start: 0,
        })
        .execute()
      expect((await api.post('/auth/delete-account/user', { current_password: PASSWORD }, driver(camila))).status).toBe(
        200,
      )

      const later = new Date(p.now().getTime() + DELETION_GRACE_DAYS * DAY + 60_000)
      const run = await runAccountClosure(p, later)
      expect(run).toMatchObject({ erased: 1, filesRemoved: 1, filesFailed: 0 })
      expect(
        await p.db.selectFrom('data_views').select('id').where('subject_user_id', '=', camila.userId).execute(),
      ).toEqual([])
      const row = await user(camila.userId)
      expect(row).toMatchObject({
        email: closedAccountEmail(camila.userId),
        firstname: CLOSED_ACCOUNT_NAME,
        lastname: '',
        rut: null,
        phone: null,
        address: null,
        deletion_due_at: null,
      })
      expect(row.closed_at).toBe(later.toISOString())
      expect(await p.files.get(key)).toBeNull()
      expect(await p.db.selectFrom('user_files').select('id').where('user_id', '=', camila.userId).execute()).toEqual(
        [],
      )
      expect((await requests(camila.userId))[0]).toMatchObject({ kind: 'deletion', status: 'done' })
      // The old address gets one last mail; every earlier one to it is gone.
      const left = await outbox(p, camila.email)
      expect(left.map((m) => m.subject)).toEqual([ACCOUNT_DELETED_SUBJECT])
      // The old password no longer logs in, nor the old address.
      expect((await login(camila.email)).status).toBe(401)
      expect((await login(closedAccountEmail(camila.userId))).status).toBe(401)

      // Once sent, the next run purges it.
      await runAccountClosure(p, later)
      expect(await outbox(p, camila.email)).toHaveLength(1)
      await p.db
        .updateTable('outbox')
        .set({ status: 'sent', sent_at: later.toISOString() })
        .where('recipient', '=', camila.email)
        .execute()
      expect((await runAccountClosure(p, later)).erased).toBe(0)
      expect(await outbox(p, camila.email)).toEqual([])
    },
  )

  it('a file removal that fails leaves no row behind and is retried by the next run', async () => {
    const camila = await driverAccount(p)
    const key = await p.files.put('documents', new Uint8Array([9, 9]), 'pdf')
    await p.db
      .insertInto('user_files')
      .values({
        user_id: camila.userId,
        purpose_name: 'licencia_frontal',
        file_status: 'PENDING',
        storage_key: key,
        mime_type: 'application/pdf',
        size_bytes: 2,
        original_name: 'l.pdf',
        rejection_reason: null,
        created_at: p.now().toISOString(),
        reviewed_at: null,
      })
      .execute()
    await p.db
      .updateTable('users')
      .set({ deletion_due_at: p.now().toISOString() })
      .where('id', '=', camila.userId)
      .execute()
    const remove = p.files.remove
    p.files.remove = async () => {
      throw new Error('disco no disponible')
    }
    const first = await runAccountClosure(p, p.now())
    expect(first).toMatchObject({ erased: 1, filesRemoved: 0, filesFailed: 1 })
    expect(await p.db.selectFrom('user_files').select('id').where('user_id', '=', camila.userId).execute()).toEqual([])
    expect(await p.files.get(key)).not.toBeNull()
    p.files.remove = remove
    expect(await runAccountClosure(p, p.now())).toMatchObject({ erased: 0, filesRemoved: 1, filesFailed: 0 })
    expect(await p.files.get(key)).toBeNull()
    expect(await p.db.selectFrom('pending_file_removals').selectAll().execute()).toEqual([])
  })

  it('an inactive account is warned, then deleted 30 days later; a login in between keeps it', async () => {
    const idle = await driverAccount(p, 'Inés')
    const back = await driverAccount(p, 'Bruno')
    await withPassword(back.userId)
    const twoYearsAgo = new Date(p.now().getTime() - INACTIVITY_DAYS * DAY - DAY).toISOString()
    await p.db
      .updateTable('users')
      .set({ last_login_at: twoYearsAgo })
      .where('id', 'in', [idle.userId, back.userId])
      .execute()
    const active = await driverAccount(p, 'Ana')

    const first = await runAccountClosure(p, p.now())
    expect(first).toMatchObject({ warned: 2, scheduled: 0, erased: 0 })
    expect((await outbox(p, idle.email)).at(-1)!.subject).toBe('Tu cuenta de Fleeters se eliminará por inactividad')
    expect(await outbox(p, active.email)).toEqual([])
    // Warned once.
    expect((await runAccountClosure(p, p.now())).warned).toBe(0)

    p.advance(10 * DAY)
    expect((await login(back.email)).status).toBe(200)
    expect((await user(back.userId)).inactivity_warned_at).toBeNull()

    const later = new Date(p.now().getTime() + INACTIVITY_NOTICE_DAYS * DAY)
    const run = await runAccountClosure(p, later)
    expect(run).toMatchObject({ scheduled: 1, erased: 1 })
    expect((await user(idle.userId)).closed_at).toBe(later.toISOString())
    expect((await requests(idle.userId))[0]).toMatchObject({
      kind: 'deletion',
      status: 'done',
      detail: 'Cuenta eliminada.',
    })
    expect((await user(back.userId)).closed_at).toBeNull()
    expect((await user(active.userId)).closed_at).toBeNull()
  })

  it('a paused driver disappears from the company’s applicants, counts and profile, and cannot apply', async () => {
    const andes = await companyAccount(p)
    const [first, second] = await insertPostings(p, andes.companyId, [{ title: 'Primera' }, { title: 'Segunda' }])
    const camila = await driverAccount(p, 'Camila')
    const bruno = await driverAccount(p, 'Bruno')
    for (const who of [camila, bruno])
      expect((await api.post('/users/postulate-job-posting', { id_publication: first }, driver(who))).status).toBe(201)

    const paused = await api.post('/auth/pause/user', { paused: true }, driver(camila))
    expect(paused.status).toBe(200)
    expect(paused.body).toMatchObject({ message: M.paused, opted_out_at: null, deletion_due_at: null })
    expect(paused.body.paused_at).toEqual(expect.any(String))
    const list = await api.get(`/business/job-postings/${first}/applicants`, business(andes))
    expect(list.body.applicants.map((a: { id_user: number }) => a.id_user)).toEqual([bruno.userId])
    expect(list.body.total).toBe(1)
    expect(Object.values(list.body.status_counts as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(1)
    const postings = await api.get('/business/job-postings', business(andes))
    const row = postings.body.postings.find((x: { id: number }) => x.id === first)
    expect(row).toMatchObject({ applicants_count: 1, new_applicants_count: 1 })
    expect((await api.get(`/business/driver-profile/${camila.userId}`, business(andes))).status).toBe(404)
    expect((await api.get(`/business/driver-profile/${bruno.userId}`, business(andes))).status).toBe(200)
    const apply = await api.post('/users/postulate-job-posting', { id_publication: second }, driver(camila))
    expect(apply.status).toBe(409)
    expect(apply.body.message).toBe(DRIVER_POSTING_MESSAGES.paused)

    // Pausing twice changes nothing and logs nothing more.
    expect((await api.post('/auth/pause/user', { paused: true }, driver(camila))).body.message).toBe(M.unchanged)
    expect((await api.post('/auth/pause/user', { paused: false }, driver(camila))).body.message).toBe(M.resumed)
    expect((await api.get(`/business/driver-profile/${camila.userId}`, business(andes))).status).toBe(200)
    expect((await api.get(`/business/job-postings/${first}/applicants`, business(andes))).body.total).toBe(2)
    expect((await requests(camila.userId)).map((r) => [r.kind, r.status, r.detail])).toEqual([
      ['blocking', 'done', 'Perfil pausado.'],
      ['blocking', 'done', 'Perfil reanudado.'],
    ])
    // A company has no pause; bad bodies are 400.
    expect((await api.post('/auth/pause/user', { paused: true }, business(andes))).status).toBe(403)
    expect((await api.post('/auth/pause/user', { paused: 'sí' }, driver(camila))).status).toBe(400)
  })

  it('who opposed gets no reminders nor new-applicant notices; essential mails still go', async () => {
    const andes = await companyAccount(p)
    const [posting] = await insertPostings(p, andes.companyId, [{ title: 'Reparto' }])
    const camila = await driverAccount(p)
    for (const [path, who] of [
      ['business', business(andes)],
      ['user', driver(camila)],
    ] as const) {
      const res = await api.post(`/auth/opt-out/${path}`, { opted_out: true }, who)
      expect(res.status).toBe(200)
      expect(res.body.message).toBe(M.optedOut)
      expect(res.body.opted_out_at).toEqual(expect.any(String))
    }
    expect((await api.post('/users/postulate-job-posting', { id_publication: posting }, driver(camila))).status).toBe(
      201,
    )
    expect(await outbox(p, andes.email)).toEqual([])

    const today = p.now().toISOString().slice(0, 10)
    await p.db
      .insertInto('user_files')
      .values({
        user_id: camila.userId,
        purpose_name: 'licencia_frontal',
        file_status: 'ACCEPTED',
        storage_key: 'documents/aaaaaaaaaaaaaaaaaaaaaa.pdf',
        mime_type: 'application/pdf',
        size_bytes: 1,
        original_name: 'l.pdf',
        rejection_reason: null,
        created_at: p.now().toISOString(),
        reviewed_at: null,
        expires_on: today,
      })
      .execute()
    expect((await sendExpiryReminders(p, p.now())).mails).toBe(0)
    expect((await api.post('/auth/opt-out/user', { opted_out: false }, driver(camila))).body.message).toBe(M.optedIn)
    expect((await sendExpiryReminders(p, p.now())).mails).toBe(1)
    expect((await requests(camila.userId)).map((r) => [r.kind, r.status])).toEqual([
      ['opposition', 'done'],
      ['opposition', 'done'],
    ])
    const state = await api.get('/auth/privacy-state/business', business(andes))
    expect(state.body).toEqual({ paused_at: null, opted_out_at: expect.any(String), deletion_due_at: null })
  })
})
