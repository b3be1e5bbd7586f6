import { randomBytes, randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServicesApp } from '#services/app'
import { signSessionToken } from '#services/platform/tokens'
import { engines } from '#services/testing/database'
import { userWithSession } from '#services/users/driver-area/test-helpers'
import { createWorld, send, WRITE_ROUTES, type Route, type Who, type World } from './api-world'

/**
 * Every protected route of the services × every kind of caller → the expected
 * status, and no change to the owner's data. Owners: the world's driver (bank account,
 * experience, documents, applications), company (postings, applicants) and the console's content.
 */
type Caller =
  'anonymous' | 'forged' | 'expired' | 'wrong-role-token' | 'other-role' | 'admin' | 'other-same-role' | 'owner'

/** Read routes: who may call them and whether the path names an owner's row. */
const READ_ROUTES: Array<{ path: (w: World) => string; who: Who; owned: boolean }> = [
  { path: () => '/auth/session/user', who: 'driver', owned: false },
  { path: () => '/auth/session/business', who: 'company', owned: false },
  { path: () => '/auth/session/admin', who: 'admin', owned: false },
  { path: () => '/auth/sessions/user', who: 'driver', owned: false },
  { path: () => '/auth/sessions/business', who: 'company', owned: false },
  { path: () => '/auth/consents/user', who: 'driver', owned: false },
  { path: () => '/auth/consents/business', who: 'company', owned: false },
  // «Mis datos» (Ley 21.719, decision 75): the page's state, an export's ZIP (owner only), the console's list
  { path: () => '/users/my-data', who: 'driver', owned: false },
  { path: (w) => `/users/my-data/export/${w.ids.driverExport}/file`, who: 'driver', owned: true },
  { path: () => '/business/my-data', who: 'company', owned: false },
  { path: (w) => `/business/my-data/export/${w.ids.companyExport}/file`, who: 'company', owned: true },
  { path: () => '/admin/privacy-requests', who: 'admin', owned: false },
  // «Mis datos»: deletion, pause and opt-out states (decision 76)
  { path: () => '/auth/privacy-state/user', who: 'driver', owned: false },
  { path: () => '/auth/privacy-state/business', who: 'company', owned: false },
  { path: () => '/users/get-extra-data-user', who: 'driver', owned: false },
  { path: () => '/users/notification-preferences', who: 'driver', owned: false },
  // «Quiero que las empresas me inviten» (decision 106)
  { path: () => '/users/invitation-preference', who: 'driver', owned: false },
  { path: () => '/users/obtain-all-documents-user', who: 'driver', owned: false },
  { path: (w) => `/users/files/${w.ids.file}`, who: 'driver', owned: true },
  { path: (w) => `/users/profile-image/${w.ids.profileImage}`, who: 'driver', owned: true },
  { path: () => '/users/power-simple-links', who: 'driver', owned: false },
  { path: () => '/users/bank-details/get-banks-details', who: 'driver', owned: false },
  { path: (w) => `/users/bank-details/get-bank-details-for-update/${w.ids.bank}`, who: 'driver', owned: true },
  { path: () => '/users/experience-work/get-experience-work', who: 'driver', owned: false },
  {
    path: (w) => `/users/experience-work/get-experience-work-for-update/${w.ids.experience}`,
    who: 'driver',
    owned: true,
  },
  { path: () => '/users/job-postings', who: 'driver', owned: false },
  { path: () => '/users/job-postings-for-you', who: 'driver', owned: false },
  { path: (w) => `/users/filter-job-postings-by-id/${w.ids.posting}`, who: 'driver', owned: false },
  { path: () => '/users/get-all-save-posting', who: 'driver', owned: false },
  { path: () => '/users/get-all-postulate-job-posting', who: 'driver', owned: false },
  { path: () => '/general-data/get-all-datas-filters', who: 'driver', owned: false },
  { path: () => '/business/get-data-business', who: 'company', owned: false },
  { path: () => '/business/job-postings', who: 'company', owned: false },
  { path: (w) => `/business/get-data-job-posting-to-update/${w.ids.posting}`, who: 'company', owned: true },
  { path: (w) => `/business/job-postings/${w.ids.posting}/applicants`, who: 'company', owned: true },
  { path: () => '/business/panel-summary', who: 'company', owned: false },
  // A posting's matching drivers, as counts (decision 106)
  { path: (w) => `/business/job-postings/${w.ids.posting}/matching-drivers`, who: 'company', owned: true },
  // Conversations per application (decision 105): each party's thread, the driver's list and
  // count, the console's reading (administradores)
  { path: (w) => `/business/applications/${w.ids.application}/messages`, who: 'company', owned: true },
  { path: (w) => `/users/applications/${w.ids.application}/messages`, who: 'driver', owned: true },
  { path: () => '/users/applications/messages', who: 'driver', owned: false },
  { path: () => '/users/applications/messages/unread', who: 'driver', owned: false },
  { path: (w) => `/admin/applications/${w.ids.application}/messages`, who: 'admin', owned: false },
  { path: (w) => `/business/driver-profile/${w.driver.id}`, who: 'company', owned: true },
  { path: (w) => `/business/driver-photo/${w.driver.id}`, who: 'company', owned: true },
  { path: () => '/admin/summary', who: 'admin', owned: false },
  { path: () => '/admin/audit', who: 'admin', owned: false },
  { path: () => '/admin/companies', who: 'admin', owned: false },
  { path: (w) => `/admin/companies/${w.company.companyId}`, who: 'admin', owned: false },
  { path: () => '/admin/drivers', who: 'admin', owned: false },
  { path: (w) => `/admin/drivers/${w.driver.id}`, who: 'admin', owned: false },
  { path: () => '/admin/documents', who: 'admin', owned: false },
  { path: () => '/admin/expiring-documents', who: 'admin', owned: false },
  { path: (w) => `/admin/documents/${w.ids.file}`, who: 'admin', owned: false },
  { path: (w) => `/admin/documents/${w.ids.file}/file`, who: 'admin', owned: false },
  // The viewer's PDF pages, drawn as images (decision 91)
  { path: (w) => `/admin/documents/${w.ids.file}/pages`, who: 'admin', owned: false },
  { path: (w) => `/admin/documents/${w.ids.file}/pages/1`, who: 'admin', owned: false },
  { path: () => '/admin/content', who: 'admin', owned: false },
  { path: (w) => `/admin/powers/${w.ids.power}/id-images/front`, who: 'admin', owned: false },
  // Views of sensitive items (decision 78): the driver's own record, the console's trail
  { path: () => '/users/my-data/views', who: 'driver', owned: false },
  { path: (w) => `/admin/drivers/${w.driver.id}/data-views`, who: 'admin', owned: false },
  // Staff 2FA and roles (decision 77)
  { path: () => '/auth/second-factor/admin', who: 'admin', owned: false },
  { path: () => '/auth/second-factor/business', who: 'company', owned: false },
  { path: () => '/admin/staff', who: 'admin', owned: false },
  // «Operación»: health and the outbox (administradores)
  { path: () => '/admin/operations', who: 'admin', owned: false },
  // The periodic jobs' state (decision 81)
  { path: () => '/admin/scheduled-jobs', who: 'admin', owned: false },
  // The team's review figures (decision 92; administradores)
  { path: () => '/admin/performance', who: 'admin', owned: false },
]

/**
 * The console's roles (decision 77): what a «revisor» may call; every other /admin route is for
 * an «administrador» and answers a revisor 403.
 */
const REVISOR_PATHS = [
  /^\/admin\/summary$/,
  /^\/admin\/documents/,
  /^\/admin\/expiring-documents$/,
  /^\/admin\/drivers/,
  /^\/admin\/powers\//,
]

/**
 * Routes anyone may call (no session header): everything else the services serve must be in the
 * matrix above or in WRITE_ROUTES with a role. A route added without a place here fails the
 * completeness test below.
 */
const PUBLIC_ROUTES = [
  'POST /auth/login',
  'POST /auth/validate-code-email-verification',
  'POST /auth/reset-password',
  'POST /auth/reset-password-confirm',
  'POST /users/register',
  'POST /users/validate-email-user',
  'POST /users/validate-rut-user',
  'POST /users/validate-phone-user',
  // The simple power's single-use token is its credential (decision 17).
  'POST /users/verify-power-simple',
  'POST /users/create-power-simple',
  'GET /users/power-simple-document/:token',
  'POST /business/register',
  'POST /business/contact-business',
  'GET /business/logos/:name',
  'GET /general-data/get-filtered-regions/:id',
  'GET /general-data/get-filtered-communes/:id',
  'GET /general-data/get-faqs',
  'GET /general-data/get-statistics',
  'GET /general-data/get-testimonials',
  'GET /general-data/get-company-logos',
  'GET /general-data/get-jobpostings-home',
  'POST /contact/send-email-contact',
  'POST /contact/send-email-inquiries-complaints',
  // The API contract: the OpenAPI document and its reference page.
  'GET /openapi.json',
  'GET /docs',
]

const HEADER: Record<Who, string> = { driver: 'auth-user', company: 'auth-business', admin: 'auth-admin' }

/** Does the path name a row of the owner (a driver's, a company's)? Other users must get 404 there. */
const ownedWrite = (route: Route) => /\/:?\d+|\$\{/.test(route.path.toString()) && route.who !== 'admin'

describe.each(engines)('access matrix on %s', (engine) => {
  let w: World
  let tokens: { forged: string; expired: Record<Who, string> }

  beforeAll(async () => {
    w = await createWorld(engine)
    const now = w.p.now()
    const longAgo = new Date(now.getTime() - 30 * 24 * 3600 * 1000)
    tokens = {
      // Right shape, wrong key: what a forger without the secret can make.
      forged: await new SignJWT({ role: 'User', sid: randomUUID() })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(w.driver.id))
        .setIssuedAt()
        .setExpirationTime('1h')
        .setIssuer('fleeters')
        .setAudience('fleeters:session')
        .sign(randomBytes(32)),
      // Right key, expired a week ago.
      expired: {
        driver: await signSessionToken(
          w.p.keys.jwt,
          { userId: w.driver.id, role: 'User', sessionId: randomUUID() },
          longAgo,
          3600,
        ),
        company: await signSessionToken(
          w.p.keys.jwt,
          { userId: w.company.id, role: 'business', sessionId: randomUUID() },
          longAgo,
          3600,
        ),
        admin: await signSessionToken(
          w.p.keys.jwt,
          { userId: w.admin.id, role: 'admin', sessionId: randomUUID() },
          longAgo,
          3600,
        ),
      },
    }
  }, 60_000)
  afterAll(async () => w?.p.destroy())

  /** Everything the owners have, as JSON: compared before and after the intruders' calls. */
  async function ownersData() {
    const db = w.p.db
    const [
      driver,
      files,
      banks,
      experience,
      applications,
      saved,
      postings,
      faqs,
      testimonials,
      logos,
      statistics,
      companies,
      sessions,
      threadMessages,
    ] = await Promise.all([
      db.selectFrom('users').selectAll().where('id', 'in', [w.driver.id, w.company.id]).orderBy('id').execute(),
      db.selectFrom('user_files').selectAll().where('user_id', '=', w.driver.id).orderBy('id').execute(),
      db.selectFrom('bank_details').selectAll().where('user_id', '=', w.driver.id).orderBy('id').execute(),
      db.selectFrom('work_experience').selectAll().where('user_id', '=', w.driver.id).orderBy('id').execute(),
      db.selectFrom('applications').selectAll().where('user_id', '=', w.driver.id).orderBy('id').execute(),
      db.selectFrom('saved_postings').selectAll().where('user_id', '=', w.driver.id).orderBy('id').execute(),
      db.selectFrom('job_postings').selectAll().where('company_id', '=', w.company.companyId).orderBy('id').execute(),
      db.selectFrom('faqs').selectAll().orderBy('id').execute(),
      db.selectFrom('testimonials').selectAll().orderBy('id').execute(),
      db.selectFrom('partner_logos').selectAll().orderBy('id').execute(),
      db.selectFrom('statistics').selectAll().orderBy('id').execute(),
      db.selectFrom('companies').selectAll().orderBy('id').execute(),
      // Which of the owners' sessions are open (last_seen_at moves with any call of theirs).
      db
        .selectFrom('sessions')
        .select(['id', 'revoked_at'])
        .where('user_id', 'in', [w.driver.id, w.company.id])
        .orderBy('id')
        .execute(),
      // The thread and its read markers: an intruder's reading marks nothing read (decision 105).
      db.selectFrom('application_messages').selectAll().orderBy('id').execute(),
    ])
    return JSON.stringify({
      driver,
      files,
      banks,
      experience,
      applications,
      saved,
      postings,
      faqs,
      testimonials,
      logos,
      statistics,
      companies,
      sessions,
      threadMessages,
    })
  }

  function callersFor(
    who: Who,
  ): Array<{ caller: Caller; headers: Record<string, string>; expect: (status: number) => boolean; label: string }> {
    const own = HEADER[who]
    const otherRole: Who = who === 'company' ? 'driver' : 'company'
    const otherPerson = otherRole === 'driver' ? w.driver : w.company
    const sameRoleOther = who === 'driver' ? w.otherDriver : who === 'company' ? w.otherCompany : null
    const list: Array<{
      caller: Caller
      headers: Record<string, string>
      expect: (status: number) => boolean
      label: string
    }> = [
      { caller: 'anonymous', headers: {}, expect: (s) => s === 401, label: '401' },
      { caller: 'forged', headers: { [own]: tokens.forged }, expect: (s) => s === 401, label: '401' },
      { caller: 'expired', headers: { [own]: tokens.expired[who] }, expect: (s) => s === 401, label: '401' },
      // A live token of another role, sent in this route's header or in its own.
      { caller: 'wrong-role-token', headers: { [own]: otherPerson.token }, expect: (s) => s === 403, label: '403' },
      {
        caller: 'other-role',
        headers: { [HEADER[otherRole]]: otherPerson.token },
        expect: (s) => s === 403,
        label: '403',
      },
    ]
    if (who !== 'admin')
      list.push({ caller: 'admin', headers: { 'auth-admin': w.admin.token }, expect: (s) => s === 403, label: '403' })
    if (sameRoleOther)
      list.push({
        caller: 'other-same-role',
        headers: sameRoleOther.headers,
        expect: () => true,
        label: 'own data only',
      })
    return list
  }

  it('answers every protected route × caller as expected and changes nothing of the owners', async () => {
    const before = await ownersData()
    const wrong: string[] = []
    let cells = 0
    const check = (label: string, status: number, ok: boolean, expected: string) => {
      cells++
      if (!ok) wrong.push(`${label}: ${status}, expected ${expected}`)
    }
    for (const route of READ_ROUTES) {
      for (const c of callersFor(route.who)) {
        const res = await w.api.get(route.path(w), c.headers)
        const expected =
          c.caller === 'other-same-role'
            ? route.owned
              ? (s: number) => s === 404
              : (s: number) => s === 200
            : c.expect
        check(
          `GET ${route.path(w)} as ${c.caller}`,
          res.status,
          expected(res.status),
          c.caller === 'other-same-role' ? (route.owned ? '404' : '200') : c.label,
        )
      }
    }
    for (const route of WRITE_ROUTES.filter((r) => r.who !== null)) {
      for (const c of callersFor(route.who!)) {
        const res = await send(w, route, route.base(w), { as: c.headers })
        const owned = ownedWrite(route)
        const expected =
          c.caller === 'other-same-role'
            ? owned
              ? (s: number) => s === 404
              : (s: number) => s < 500 && s !== 401 && s !== 403
            : c.expect
        check(
          `${route.method} ${route.path(w)} as ${c.caller}`,
          res.status,
          expected(res.status),
          c.caller === 'other-same-role' ? (owned ? '404' : 'allowed on their own data') : c.label,
        )
      }
    }
    const after = await ownersData()
    const leaks = before === after ? 0 : 1
    console.info(
      `[matrix ${engine}] ${cells} route × caller cells, ${wrong.length} unexpected, ` +
        `owners' data changed: ${leaks ? 'YES' : 'no'}`,
    )
    if (wrong.length) console.info(wrong.join('\n'))
    expect(wrong).toEqual([])
    expect(after).toBe(before)
  })

  it('covers every route the services serve: each is in the matrix or declared public', async () => {
    const served = [
      ...new Set(
        createServicesApp(w.p)
          .routes.filter((r) => r.method !== 'ALL')
          .map((r) => `${r.method} ${r.path}`),
      ),
    ]
    const pattern = (route: string) => {
      const [method, path] = route.split(' ') as [string, string]
      return { route, method, re: new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`) }
    }
    const patterns = served.map(pattern)
    const covered = new Set<string>()
    const place = (method: string, path: string) => {
      const hit = patterns.find((p) => p.method === method && p.re.test(path))
      if (hit) covered.add(hit.route)
      return hit
    }
    const strays: string[] = []
    for (const r of READ_ROUTES) if (!place('GET', r.path(w))) strays.push(`GET ${r.path(w)}`)
    for (const r of WRITE_ROUTES.filter((x) => x.who !== null))
      if (!place(r.method, r.path(w))) strays.push(`${r.method} ${r.path(w)}`)
    for (const r of PUBLIC_ROUTES)
      if (served.includes(r)) covered.add(r)
      else strays.push(r)
    // Entries that name no served route (a renamed path) and served routes no entry names.
    expect(strays).toEqual([])
    expect(served.filter((r) => !covered.has(r))).toEqual([])
    console.info(
      `[matrix ${engine}] ${served.length} served routes: ${served.length - PUBLIC_ROUTES.length} ` +
        `protected in the matrix, ${PUBLIC_ROUTES.length} public`,
    )
  })

  it(
    'covers both console roles on every admin route, and refuses a console session ' + 'without its second factor',
    async () => {
      const revisor = await userWithSession(w.p, 'admin', { staffRole: 'revisor' })
      // A console login that has not passed the second factor yet: the password alone opens nothing.
      const pendingUser = await userWithSession(w.p, 'admin')
      await w.p.db
        .updateTable('sessions')
        .set({ factor_pending: 1 })
        .where('user_id', '=', pendingUser.user.id)
        .execute()
      const wrong: string[] = []
      const adminCalls = [
        ...READ_ROUTES.filter((r) => r.who === 'admin' && r.path(w).startsWith('/admin')).map((r) => ({
          method: 'GET' as const,
          path: r.path(w),
          route: null,
        })),
        ...WRITE_ROUTES.filter((r) => r.who === 'admin' && r.path(w).startsWith('/admin')).map((r) => ({
          method: r.method,
          path: r.path(w),
          route: r,
        })),
      ]
      for (const call of adminCalls) {
        const asRevisor = call.route
          ? await send(w, call.route, call.route.base(w), { as: revisor.headers })
          : await w.api.get(call.path, revisor.headers)
        const allowed = REVISOR_PATHS.some((re) => re.test(call.path))
        const ok = allowed
          ? asRevisor.status < 500 && asRevisor.status !== 401 && asRevisor.status !== 403
          : asRevisor.status === 403
        if (!ok)
          wrong.push(
            `${call.method} ${call.path} as revisor: ${asRevisor.status}, expected ${allowed ? 'allowed' : '403'}`,
          )
        const asPending = call.route
          ? await send(w, call.route, call.route.base(w), { as: pendingUser.headers })
          : await w.api.get(call.path, pendingUser.headers)
        if (asPending.status !== 401)
          wrong.push(`${call.method} ${call.path} before the second factor: ${asPending.status}, expected 401`)
      }
      console.info(`[matrix ${engine}] ${adminCalls.length} console routes × revisor and pending second factor`)
      expect(wrong).toEqual([])
      expect(adminCalls.length).toBeGreaterThan(30)
    },
  )

  it('lets the owners in (their own calls are never 401/403)', async () => {
    const refused: string[] = []
    for (const route of READ_ROUTES) {
      const headers =
        route.who === 'driver' ? w.driver.headers : route.who === 'company' ? w.company.headers : w.admin.headers
      const res = await w.api.get(route.path(w), headers)
      if (res.status === 401 || res.status === 403 || res.status >= 500)
        refused.push(`GET ${route.path(w)}: ${res.status}`)
    }
    if (refused.length) console.info(refused.join('\n'))
    expect(refused).toEqual([])
  })

  it('declares in /openapi.json the security each route enforces, as this matrix knows it', async () => {
    const document = (await w.api.get('/openapi.json')).body as {
      paths: Record<string, Record<string, { security: Array<Record<string, string[]>> }>>
    }
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({
        route: `${method.toUpperCase()} ${path.replaceAll(/\{(\w+)\}/g, ':$1')}`,
        method: method.toUpperCase(),
        path,
        params: path.split('{').length - 1,
        re: new RegExp(`^${path.replaceAll(/\{\w+\}/g, '[^/]+')}$`),
        headers: op.security.flatMap((requirement) => Object.keys(requirement)),
      })),
    )
    const wrong: string[] = []
    // Without credentials a public operation answers (whatever it says of an empty body); a protected one, 401.
    for (const op of operations) {
      const path = op.path.replaceAll(/\{\w+\}/g, '1')
      const res = await w.api.call(op.method, path, op.method === 'GET' ? {} : { json: {} })
      const ok = op.headers.length ? res.status === 401 : res.status !== 401 && res.status !== 403
      if (!ok) wrong.push(`${op.route} without credentials: ${res.status}, declared ${op.headers.join() || 'public'}`)
    }
    // The operations declared public are this matrix's public routes (the contract itself is not an operation)…
    const documented = new Set(operations.map((op) => op.route))
    const declaredPublic = operations.filter((op) => op.headers.length === 0).map((op) => op.route)
    expect(declaredPublic.sort()).toEqual(PUBLIC_ROUTES.filter((r) => documented.has(r)).sort())
    expect(PUBLIC_ROUTES.filter((r) => !documented.has(r))).toEqual(['GET /openapi.json', 'GET /docs'])
    // …and each of the others requires the header of the role the matrix calls it as.
    const calls = [
      ...READ_ROUTES.map((r) => ({ method: 'GET', path: r.path(w), who: r.who })),
      ...WRITE_ROUTES.flatMap((r) => (r.who ? [{ method: r.method, path: r.path(w), who: r.who }] : [])),
    ]
    for (const call of calls) {
      const [op] = operations
        .filter((o) => o.method === call.method && o.re.test(call.path))
        .sort((a, b) => a.params - b.params)
      if (!op) wrong.push(`${call.method} ${call.path}: not in the document`)
      else if (op.headers.join() !== HEADER[call.who])
        wrong.push(`${op.route}: declares ${op.headers.join() || 'public'}, the matrix calls it as ${call.who}`)
    }
    expect(wrong).toEqual([])
    expect(operations.length).toBeGreaterThan(100)
  })
})
