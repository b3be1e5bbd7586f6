import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createServicesApp } from '#services/app'
import { engines } from '#services/testing/database'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'
import { startSession } from '#services/users/session-object'
import { IN_PROCESS_AUTH, inProcessCaller, inProcessEnv } from './auth'

/**
 * The services calls of one page request, in the web tier's own process, verify
 * the session's token once (the memo travels in the Hono env server.ts passes, never in anything
 * a request carries); calls from outside verify every time.
 */
describe.each(engines)('in-process authentication (%s)', (engine) => {
  let p: TestPlatform
  let app: ReturnType<typeof createServicesApp>
  let token: string
  let sessionId: string

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    app = createServicesApp(p)
    const now = p.now().toISOString()
    const user = await p.db
      .insertInto('users')
      .values({
        role: 'User',
        email: 'camila@example.cl',
        password_hash: 'x',
        firstname: 'Camila',
        lastname: 'Pérez',
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
      .returningAll()
      .executeTakeFirstOrThrow()
    token = await startSession(p, user)
    sessionId = (await p.db.selectFrom('sessions').select('id').executeTakeFirstOrThrow()).id
  })
  afterEach(() => p.destroy())

  const sessionRequest = (headers: Record<string, string> = { 'auth-user': token }) =>
    new Request('http://localhost/auth/session/user', { headers })
  const revoke = () =>
    p.db.updateTable('sessions').set({ revoked_at: p.now().toISOString() }).where('id', '=', sessionId).execute()

  it('the reads of one page request verify the token once: the second reuses the first answer', async () => {
    const call = inProcessCaller((req, env) => app.fetch(req, env))
    expect((await call(sessionRequest())).status).toBe(200)
    // Revoked behind the services' back: only a fresh verification would see it.
    await revoke()
    expect((await call(sessionRequest())).status).toBe(200)
    // The next page request has its own memo and verifies again.
    const next = inProcessCaller((req, env) => app.fetch(req, env))
    expect((await next(sessionRequest())).status).toBe(401)
  })

  it('each token is verified on its own: a forged one in the same page request is refused', async () => {
    const call = inProcessCaller((req, env) => app.fetch(req, env))
    expect((await call(sessionRequest())).status).toBe(200)
    expect((await call(sessionRequest({ 'auth-user': `${token}x` }))).status).toBe(401)
    expect((await call(sessionRequest({}))).status).toBe(401)
  })

  it('a write (an action) empties the memo: what the page reads after it sees the write', async () => {
    const call = inProcessCaller((req, env) => app.fetch(req, env))
    expect((await call(sessionRequest())).status).toBe(200)
    const logout = await call(
      new Request('http://localhost/auth/logout/user', { method: 'POST', headers: { 'auth-user': token } }),
    )
    expect(logout.status).toBe(200)
    expect((await call(sessionRequest())).status).toBe(401)
  })

  it("an action's write reuses the page's verification: the session check and the write, one check", async () => {
    const call = inProcessCaller((req, env) => app.fetch(req, env))
    expect((await call(sessionRequest())).status).toBe(200)
    // Revoked behind the services' back: the write is let in on the answer the page already had.
    await revoke()
    const write = await call(
      new Request('http://localhost/users/bank-details/add-bank-details', {
        method: 'POST',
        headers: { 'auth-user': token, 'content-type': 'application/json' },
        body: JSON.stringify({
          account_holder_name: 'Camila Pérez',
          bank_name: 'Banco Estado',
          account_number: '123456789',
          account_type: 'Cuenta Rut',
          receipt_issuance: 'Yo la emito',
          invoice_type: 'Boleta',
          sii_address: 'Av. Providencia 1234',
          phone: '56987654321',
          email: 'camila@example.cl',
        }),
      }),
    )
    expect(write.status).toBe(201)
    // Outside the page request, the same token is refused.
    expect((await app.fetch(sessionRequest())).status).toBe(401)
  })

  it('a session changed by this process is verified afresh by every memo, whoever changed it', async () => {
    const call = inProcessCaller((req, env) => app.fetch(req, env))
    expect((await call(sessionRequest())).status).toBe(200)
    // Another page request closes this session from the «Seguridad» page of another device.
    const other = await startSession(p, await p.db.selectFrom('users').selectAll().executeTakeFirstOrThrow())
    const closed = await inProcessCaller((req, env) => app.fetch(req, env))(
      new Request(`http://localhost/auth/sessions/user/${sessionId}`, {
        method: 'DELETE',
        headers: { 'auth-user': other },
      }),
    )
    expect(closed.status).toBe(200)
    expect((await call(sessionRequest())).status).toBe(401)
  })

  it('calls from outside (no env, or an env anyone could build from a request) verify every time', async () => {
    expect((await app.fetch(sessionRequest())).status).toBe(200)
    await revoke()
    // What /api's forward() sends: the request alone, whatever headers the caller added.
    expect(
      (
        await app.fetch(
          sessionRequest({ 'auth-user': token, 'x-fleeters-internal': '1', 'fleeters.in-process-auth': 'live' }),
        )
      ).status,
    ).toBe(401)
    // A services-only process gets node-server's env; a look-alike string key is no memo either.
    const live = Promise.resolve({
      userId: 1,
      role: 'User' as const,
      sessionId,
      token,
      factorPending: false,
      reauthAt: null,
    })
    const lookAlike = { incoming: {}, outgoing: {}, [IN_PROCESS_AUTH.description!]: new Map([[token, live]]) }
    expect((await app.fetch(sessionRequest(), lookAlike)).status).toBe(401)
    // Only the Symbol-keyed memo made in-process is believed.
    const env = inProcessEnv()
    env[IN_PROCESS_AUTH].set(token, live)
    expect((await app.fetch(sessionRequest(), env)).status).toBe(200)
  })
})
