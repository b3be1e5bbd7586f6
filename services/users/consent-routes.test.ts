import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LEGAL_DOCUMENTS } from '#domain/privacy'
import { CLIENT_IP_HEADER } from '#services/platform/client-ip'
import { companyAccount, messages } from '#services/testing/business'
import { engines } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { userWithSession } from '#services/users/driver-area/test-helpers'

const ACCEPT_MESSAGE = 'Debes aceptar los Términos y condiciones y la Política de privacidad'
const CURRENT = [
  { document: 'terms', version: LEGAL_DOCUMENTS.terms.version },
  { document: 'privacy', version: LEGAL_DOCUMENTS.privacy.version },
]

const driver = {
  firstname: 'Camila',
  lastname: 'Pérez',
  rut: '12345678-5',
  email: 'camila@example.cl',
  phone: '987654321',
  password: 'clave1234',
  acceptTerms: true,
}

describe.each(engines)('consents (Ley 21.719) on %s', (engine) => {
  let p: TestPlatform
  let api: ReturnType<typeof testClient>

  beforeEach(async () => {
    p = await createTestPlatform(engine)
    api = testClient(p)
  })
  afterEach(async () => p.destroy())

  const register = (data: unknown, headers: Record<string, string> = {}) => {
    const form = new FormData()
    form.set('data', JSON.stringify(data))
    return api.call('POST', '/users/register', { form, headers })
  }
  const rowsOf = (userId: number) =>
    p.db
      .selectFrom('consents')
      .select(['document', 'version', 'accepted_at', 'ip'])
      .where('user_id', '=', userId)
      .orderBy('document')
      .orderBy('version')
      .execute()

  describe('driver registration', () => {
    it(
      'records the versions in force of both documents, at the account creation, with ' +
        'the address the web tier gave',
      async () => {
        // A version the client names is not the service's to take.
        const res = await register({ ...driver, version: '0', document: 'otro' }, { [CLIENT_IP_HEADER]: '203.0.113.7' })
        expect(res.status).toBe(201)
        const user = await p.db.selectFrom('users').select(['id', 'created_at']).executeTakeFirstOrThrow()
        expect(await rowsOf(user.id)).toEqual([
          {
            document: 'privacy',
            version: LEGAL_DOCUMENTS.privacy.version,
            accepted_at: user.created_at,
            ip: '203.0.113.7',
          },
          {
            document: 'terms',
            version: LEGAL_DOCUMENTS.terms.version,
            accepted_at: user.created_at,
            ip: '203.0.113.7',
          },
        ])
      },
    )

    it.each([[false], [undefined], ['on'], [1]])(
      'refuses acceptTerms = %j with the checkbox message, and records nothing',
      async (value) => {
        const res = await register({ ...driver, acceptTerms: value })
        expect(res.status).toBe(400)
        expect(messages(res.body)).toEqual([ACCEPT_MESSAGE])
        expect(await p.db.selectFrom('users').select('id').execute()).toEqual([])
        expect(await p.db.selectFrom('consents').select('id').execute()).toEqual([])
      },
    )
  })

  describe.each([
    ['user', 'User'],
    ['business', 'business'],
  ] as const)('/auth/consents/%s', (path, role) => {
    async function account() {
      if (role === 'User') {
        const d = await userWithSession(p, 'User')
        return { id: d.user.id, headers: d.headers }
      }
      const c = await companyAccount(p)
      return { id: c.userId, headers: { 'auth-business': c.token } }
    }

    it('asks an account with no record (older than the records) for both documents, once', async () => {
      const a = await account()
      expect((await api.get(`/auth/consents/${path}`, a.headers)).body).toEqual({ pending: CURRENT })
      const res = await api.post(
        `/auth/consents/${path}`,
        { acceptTerms: true, version: '999', document: 'privacy' },
        { ...a.headers, [CLIENT_IP_HEADER]: '198.51.100.4' },
      )
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        message: 'Gracias. Registramos que aceptaste los documentos actualizados.',
        pending: [],
      })
      const rows = await rowsOf(a.id)
      expect(rows.map(({ document, version, ip }) => ({ document, version, ip }))).toEqual([
        { document: 'privacy', version: LEGAL_DOCUMENTS.privacy.version, ip: '198.51.100.4' },
        { document: 'terms', version: LEGAL_DOCUMENTS.terms.version, ip: '198.51.100.4' },
      ])
      expect((await api.get(`/auth/consents/${path}`, a.headers)).body).toEqual({ pending: [] })
      // Accepting again (another tab) records nothing more.
      const again = await api.post(`/auth/consents/${path}`, { acceptTerms: true }, a.headers)
      expect(again.body).toEqual({ message: 'Ya habías aceptado las versiones vigentes.', pending: [] })
      expect(await rowsOf(a.id)).toHaveLength(2)
    })

    it('says the same pending documents in the session answer the area guard reads', async () => {
      const a = await account()
      const session = () => api.get(`/auth/session/${path}`, a.headers)
      expect((await session()).body.pending_documents).toEqual(['terms', 'privacy'])
      await p.db
        .insertInto('consents')
        .values({ user_id: a.id, document: 'terms', version: LEGAL_DOCUMENTS.terms.version, accepted_at: '', ip: null })
        .execute()
      expect((await session()).body.pending_documents).toEqual(['privacy'])
      expect((await api.post(`/auth/consents/${path}`, { acceptTerms: true }, a.headers)).status).toBe(200)
      expect((await session()).body.pending_documents).toEqual([])
    })

    it('asks only for the document whose accepted version is older, and keeps the old record', async () => {
      const a = await account()
      const at = new Date(p.now().getTime() - 400 * 86_400_000).toISOString()
      await p.db
        .insertInto('consents')
        .values([
          { user_id: a.id, document: 'terms', version: LEGAL_DOCUMENTS.terms.version, accepted_at: at, ip: null },
          {
            user_id: a.id,
            document: 'privacy',
            version: `${LEGAL_DOCUMENTS.privacy.version}-anterior`,
            accepted_at: at,
            ip: null,
          },
        ])
        .execute()
      expect((await api.get(`/auth/consents/${path}`, a.headers)).body).toEqual({
        pending: [{ document: 'privacy', version: LEGAL_DOCUMENTS.privacy.version }],
      })
      expect((await api.post(`/auth/consents/${path}`, { acceptTerms: true }, a.headers)).status).toBe(200)
      const rows = await rowsOf(a.id)
      expect(rows.map((r) => [r.document, r.version])).toEqual([
        ['privacy', LEGAL_DOCUMENTS.privacy.version],
        ['privacy', `${LEGAL_DOCUMENTS.privacy.version}-anterior`],
        ['terms', LEGAL_DOCUMENTS.terms.version],
      ])
      expect(rows.find((r) => r.document === 'terms')!.accepted_at).toBe(at)
    })

    it.each([[{}], [{ acceptTerms: false }], [{ acceptTerms: 'true' }], [{ acceptTerms: null }], [[true]]])(
      'refuses %j with a Spanish 400 {message} and records nothing',
      async (body) => {
        const a = await account()
        const res = await api.post(`/auth/consents/${path}`, body, a.headers)
        expect(res.status).toBe(400)
        expect(typeof res.body.message === 'string' || Array.isArray(res.body.message)).toBe(true)
        expect(await rowsOf(a.id)).toEqual([])
      },
    )

    it('refuses malformed JSON with 400', async () => {
      const a = await account()
      const res = await api.call('POST', `/auth/consents/${path}`, {
        body: '{',
        headers: { 'content-type': 'application/json', ...a.headers },
      })
      expect(res.status).toBe(400)
      expect(res.body.message).toBeTruthy()
    })

    it('answers 401 without a session and 403 to another role, the console included, recording nothing', async () => {
      expect((await api.get(`/auth/consents/${path}`)).status).toBe(401)
      expect((await api.post(`/auth/consents/${path}`, { acceptTerms: true })).status).toBe(401)
      const other = role === 'User' ? await companyAccount(p) : null
      const otherHeaders = other ? { 'auth-user': other.token } : (await userWithSession(p, 'User')).headers
      const wrongHeaders =
        role === 'User' ? otherHeaders : { 'auth-business': (await userWithSession(p, 'User')).token }
      const admin = await userWithSession(p, 'admin')
      for (const headers of [
        wrongHeaders,
        admin.headers,
        { [role === 'User' ? 'auth-user' : 'auth-business']: admin.token },
      ]) {
        expect((await api.get(`/auth/consents/${path}`, headers)).status).toBe(403)
        const res = await api.post(`/auth/consents/${path}`, { acceptTerms: true }, headers)
        expect(res.status).toBe(403)
        expect(res.body.message).toBeTruthy()
      }
      expect(await p.db.selectFrom('consents').select('id').execute()).toEqual([])
    })
  })
})
