/**
 * A small world for the cross-cutting API tests (fuzz, access matrix): a platform with a driver,
 * a second driver, a company, a second company, an admin, and one row of everything they own,
 * plus the catalogue of the services' write routes with a valid body for each.
 */
import { randomUUID } from 'node:crypto'
import { computeCheckDigit } from '#domain/rut'
import { TINY_PDF } from '#services/platform/seed/sample-files'
import { companyAccount, insertPostings, postingBody } from '#services/testing/business'
import type { EngineName } from '#services/testing/database'
import { createTestPlatform, testClient, type TestPlatform } from '#services/testing/platform'
import { samplePng, userWithSession, VALID_EXPIRY } from '#services/users/driver-area/test-helpers'

export type Who = 'driver' | 'company' | 'admin'
export type BodyKind = 'json' | 'multipart-data' | 'multipart'

export interface Route {
  method: 'POST' | 'PUT' | 'DELETE'
  /** Path with `:id` filled from the world (the owner's row). */
  path: (w: World) => string
  /** Who the route is for: null = public. */
  who: Who | null
  kind: BodyKind
  /** A valid body (fields for multipart, JSON for the rest). */
  base: (w: World) => Record<string, unknown>
  /** Files of a valid multipart body. */
  files?: (w: World) => Record<string, Uint8Array>
}

export interface Person {
  id: number
  token: string
  headers: Record<string, string>
}

export interface World {
  p: TestPlatform
  api: ReturnType<typeof testClient>
  driver: Person
  otherDriver: Person
  company: Person & { companyId: number; email: string; name: string }
  otherCompany: Person & { companyId: number; email: string; name: string }
  admin: Person
  ids: {
    posting: number
    otherPosting: number
    application: number
    bank: number
    experience: number
    file: number
    faq: number
    testimonial: number
    logo: number
    statistic: number
    otherCompany: number
    /** The driver's profile photo and a simple power the driver had created (console routes). */
    profileImage: number
    power: number
    /** A second open session of the driver and of the company (their «Seguridad» pages). */
    driverSession: string
    companySession: string
    // «Mis datos» (decision 75): the driver's and the company's export, the driver's rectification
    driverExport: number
    companyExport: number
    rectification: number
    /** The console account whose role «Equipo» changes (decision 77): the admin's own (409). */
    staff: number
    /** An outbox message given up after its attempts («Operación» retries it). */
    failedMessage: number
  }
  powerToken: string
  png: Uint8Array
}

/** An outbox email the delivery worker gave up on. */
async function failedMessage(p: TestPlatform): Promise<number> {
  const at = p.now().toISOString()
  const row = await p.db
    .insertInto('outbox')
    .values({
      channel: 'email',
      recipient: 'perdido@example.cl',
      subject: 'Aviso',
      body_text: 'Aviso',
      body_html: null,
      reply_to: null,
      status: 'failed',
      attempts: 8,
      next_attempt_at: at,
      last_error: 'connect ECONNREFUSED',
      created_at: at,
      sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

const person = (u: { user: { id: number }; token: string; headers: Record<string, string> }): Person => ({
  id: u.user.id,
  token: u.token,
  headers: u.headers,
})

export const bank = {
  account_holder_name: 'Camila Pérez',
  bank_name: 'Banco Estado',
  account_number: '123456789',
  account_type: 'Cuenta Rut',
  receipt_issuance: 'Yo la emito',
  invoice_type: 'Boleta',
  sii_address: 'Av. Providencia 1234',
  phone: '56987654321',
  email: 'camila@example.cl',
}
export const experience = {
  job_title: 'Conductor de reparto',
  nameBusiness: 'Despachos Andes',
  typeEmployment: 'Jornada completa',
  location: 'Santiago',
  start_date: '2021-03-15',
  end_date: '2023-06-20',
  job_description: 'Reparto de paquetería en la zona oriente.',
}
const powerFields = {
  fullNameDriver: 'Juan Andrés Peña',
  rutDriver: '12.345.678-5',
  addressDriver: 'Los Aromos 45, Maipú',
  nationalityDriver: 'Chilena',
  vehicleBrand: 'Toyota',
  vehicleModel: 'Hiace',
  vehicleYear: '2019',
  vehicleLicensePlate: 'BBBB12',
  fullNameOwner: 'María José Muñoz',
  rutOwner: '11.111.111-1',
  addressOwner: 'Av. Grecia 123, Ñuñoa',
  nationalityOwner: 'Chilena',
  phoneOwner: '987654321',
  emailOwner: 'maria.munoz@gmail.com',
}

export async function createWorld(engine: EngineName): Promise<World> {
  const p = await createTestPlatform(engine, { RATE_LIMIT_FACTOR: '100000', TEAM_EMAIL: 'equipo@fleeters.cl' })
  const api = testClient(p)
  const driver = person(await userWithSession(p, 'User'))
  const otherDriver = person(await userWithSession(p, 'User'))
  const admin = person(await userWithSession(p, 'admin'))
  const a = await companyAccount(p, 'Transportes Andes SpA')
  const b = await companyAccount(p, 'Mercado Sur Ltda')
  const company = {
    id: a.userId,
    token: a.token,
    headers: { 'auth-business': a.token },
    companyId: a.companyId,
    email: a.email,
    name: a.name,
  }
  const otherCompany = {
    id: b.userId,
    token: b.token,
    headers: { 'auth-business': b.token },
    companyId: b.companyId,
    email: b.email,
    name: b.name,
  }
  const [posting] = await insertPostings(p, company.companyId, [{}])
  const [otherPosting] = await insertPostings(p, otherCompany.companyId, [{}])
  const now = p.now().toISOString()
  const application = await p.db
    .insertInto('applications')
    .values({ posting_id: posting!, user_id: driver.id, status: 'nueva', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  // The company opens the application's thread (decision 105): the driver may answer in it.
  const opened = await api.post(
    `/business/applications/${application.id}/messages`,
    { body: 'Hola, ¿puedes empezar el lunes?' },
    company.headers,
  )
  if (opened.status !== 201) throw new Error(`world: the first message answered ${opened.status}`)
  const bankRow = (await api.post('/users/bank-details/add-bank-details', bank, driver.headers)).body.bank_detail
    .id_bank_detail as number
  const exp = (await api.post('/users/experience-work/add-experience-work', experience, driver.headers)).body.experience
    .id_ew as number
  const upload = new FormData()
  upload.set(
    'licencia_conducir_frontal',
    new File([TINY_PDF as Uint8Array<ArrayBuffer>], 'licencia.pdf', { type: 'application/pdf' }),
  )
  upload.set('licencia_conducir_frontal_expires_on', VALID_EXPIRY)
  const file = (await api.call('POST', '/users/upload-files-user', { form: upload, headers: driver.headers })).body
    .files[0].id_file as number
  const first = async (table: 'faqs' | 'testimonials' | 'partner_logos' | 'statistics') =>
    (await p.db.selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id
  const powerToken = (await api.post('/users/create-power-simple-link', undefined, driver.headers)).body.token as string
  const png = await samplePng()
  const photo = new FormData()
  photo.set('newProfileImage', new File([png as Uint8Array<ArrayBuffer>], 'perfil.png', { type: 'image/png' }))
  await api.call('POST', '/users/update-profile-image', { form: photo, headers: driver.headers })
  // A power created through a link of its own (the world's powerToken stays unused for the routes).
  const powerForm = new FormData()
  powerForm.set(
    'power',
    (await api.post('/users/create-power-simple-link', undefined, driver.headers)).body.token as string,
  )
  for (const [k, v] of Object.entries(powerFields)) powerForm.set(k, v)
  for (const side of ['frontal', 'posterior']) {
    powerForm.set(
      `files[cedula_identidad_${side}_owner]`,
      new File([png as Uint8Array<ArrayBuffer>], `${side}.png`, { type: 'image/png' }),
    )
  }
  const created = await api.call('POST', '/users/create-power-simple', { form: powerForm })
  if (created.status >= 300) throw new Error(`world: create-power-simple answered ${created.status}`)
  const otherSession = async (userId: number, role: 'User' | 'business') => {
    const id = randomUUID()
    const at = p.now()
    await p.db
      .insertInto('sessions')
      .values({
        id,
        user_id: userId,
        role,
        created_at: at.toISOString(),
        expires_at: new Date(at.getTime() + 3600_000).toISOString(),
        revoked_at: null,
        device: 'Firefox en Windows',
        last_seen_at: at.toISOString(),
      })
      .execute()
    return id
  }
  const idOf = async (table: 'profile_images' | 'simple_powers') =>
    (
      await p.db
        .selectFrom(table)
        .select('id')
        .where('user_id', '=', driver.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id
  return {
    p,
    api,
    driver,
    otherDriver,
    company,
    otherCompany,
    admin,
    ids: {
      posting: posting!,
      otherPosting: otherPosting!,
      application: application.id,
      bank: bankRow,
      experience: exp,
      file,
      faq: await first('faqs'),
      testimonial: await first('testimonials'),
      logo: await first('partner_logos'),
      statistic: await first('statistics'),
      otherCompany: otherCompany.companyId,
      profileImage: await idOf('profile_images'),
      power: await idOf('simple_powers'),
      driverSession: await otherSession(driver.id, 'User'),
      companySession: await otherSession(company.id, 'business'),
      // «Mis datos» (decision 75)
      driverExport: (await api.post('/users/my-data/export', undefined, driver.headers)).body.id as number,
      companyExport: (await api.post('/business/my-data/export', undefined, company.headers)).body.id as number,
      rectification: (
        await api.post('/users/my-data/rectification', { detail: 'Mi RUT está mal escrito.' }, driver.headers)
      ).body.id as number,
      staff: admin.id,
      failedMessage: await failedMessage(p),
    },
    powerToken,
    png,
  }
}

let serial = 0
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}`

/** Every write route of the three services (spec §7 plus the console), with a valid body. */
export const WRITE_ROUTES: Route[] = [
  // users: auth and registration (public)
  {
    method: 'POST',
    path: () => '/auth/login',
    who: null,
    kind: 'json',
    base: () => ({ email: 'nadie@example.cl', password: 'clave1234' }),
  },
  {
    method: 'POST',
    path: () => '/auth/validate-code-email-verification',
    who: null,
    kind: 'json',
    base: () => ({ code: '123456', token: 'x'.repeat(43) }),
  },
  {
    method: 'POST',
    path: () => '/auth/reset-password',
    who: null,
    kind: 'json',
    base: () => ({ email: 'nadie@example.cl' }),
  },
  {
    method: 'POST',
    path: () => '/auth/reset-password-confirm',
    who: null,
    kind: 'json',
    base: () => ({ token: 'x'.repeat(43), password: 'clave1234' }),
  },
  {
    method: 'POST',
    path: () => '/users/register',
    who: null,
    kind: 'multipart-data',
    base: () => {
      const n = 10_000_000 + Math.floor(Math.random() * 80_000_000)
      return {
        firstname: 'Camila',
        lastname: 'Pérez',
        rut: `${n}-${computeCheckDigit(n)}`,
        email: `fuzz-${unique()}@example.cl`,
        phone: `9${String(n).slice(0, 8)}`,
        password: 'clave1234',
        acceptTerms: true,
      }
    },
  },
  {
    method: 'POST',
    path: () => '/users/validate-email-user',
    who: null,
    kind: 'json',
    base: () => ({ email: 'nadie@example.cl' }),
  },
  {
    method: 'POST',
    path: () => '/users/validate-rut-user',
    who: null,
    kind: 'json',
    base: () => ({ rut: '12.345.678-5' }),
  },
  {
    method: 'POST',
    path: () => '/users/validate-phone-user',
    who: null,
    kind: 'json',
    base: () => ({ phone: '987654321' }),
  },
  // users: session
  { method: 'POST', path: () => '/auth/success-login', who: 'driver', kind: 'json', base: () => ({}) },
  // users: account security; the world's accounts have no usable password, so
  // the owner's own change is refused (400) and nothing changes.
  {
    method: 'POST',
    path: () => '/auth/change-password/user',
    who: 'driver',
    kind: 'json',
    base: () => ({ current_password: 'clave1234', password: 'nueva2026x' }),
  },
  {
    method: 'POST',
    path: () => '/auth/change-password/business',
    who: 'company',
    kind: 'json',
    base: () => ({ current_password: 'clave1234', password: 'nueva2026x' }),
  },
  {
    method: 'DELETE',
    path: (w) => `/auth/sessions/user/${w.ids.driverSession}`,
    who: 'driver',
    kind: 'json',
    base: () => ({}),
  },
  {
    method: 'DELETE',
    path: (w) => `/auth/sessions/business/${w.ids.companySession}`,
    who: 'company',
    kind: 'json',
    base: () => ({}),
  },
  { method: 'POST', path: () => '/auth/close-other-sessions/user', who: 'driver', kind: 'json', base: () => ({}) },
  { method: 'POST', path: () => '/auth/close-other-sessions/business', who: 'company', kind: 'json', base: () => ({}) },
  // users: accepting the terms' and the privacy policy's versions in force (Ley 21.719)
  {
    method: 'POST',
    path: () => '/auth/consents/user',
    who: 'driver',
    kind: 'json',
    base: () => ({ acceptTerms: true }),
  },
  {
    method: 'POST',
    path: () => '/auth/consents/business',
    who: 'company',
    kind: 'json',
    base: () => ({ acceptTerms: true }),
  },
  // «Mis datos» (Ley 21.719, decision 75): export and rectification requests; the console's answer
  { method: 'POST', path: () => '/users/my-data/export', who: 'driver', kind: 'json', base: () => ({}) },
  { method: 'POST', path: () => '/business/my-data/export', who: 'company', kind: 'json', base: () => ({}) },
  {
    method: 'POST',
    path: () => '/users/my-data/rectification',
    who: 'driver',
    kind: 'json',
    base: () => ({ detail: 'Mi RUT está mal escrito.' }),
  },
  {
    method: 'POST',
    path: () => '/business/my-data/rectification',
    who: 'company',
    kind: 'json',
    base: () => ({ detail: 'El RUT de la empresa está mal.' }),
  },
  {
    method: 'POST',
    path: (w) => `/admin/privacy-requests/${w.ids.rectification}/answer`,
    who: 'admin',
    kind: 'json',
    base: () => ({ note: 'Corregido.' }),
  },
  // users: «Mis datos» deletion, pause and opt-out (decision 76). The world's accounts have no
  // usable password, so a deletion is refused (400); the pause and opt-out bodies change nothing.
  {
    method: 'POST',
    path: () => '/auth/delete-account/user',
    who: 'driver',
    kind: 'json',
    base: () => ({ current_password: 'clave1234' }),
  },
  {
    method: 'POST',
    path: () => '/auth/delete-account/business',
    who: 'company',
    kind: 'json',
    base: () => ({ current_password: 'clave1234' }),
  },
  { method: 'POST', path: () => '/auth/pause/user', who: 'driver', kind: 'json', base: () => ({ paused: false }) },
  { method: 'POST', path: () => '/auth/opt-out/user', who: 'driver', kind: 'json', base: () => ({ opted_out: false }) },
  {
    method: 'POST',
    path: () => '/auth/opt-out/business',
    who: 'company',
    kind: 'json',
    base: () => ({ opted_out: false }),
  },
  // users: driver area
  {
    method: 'POST',
    path: () => '/users/update-data-user',
    who: 'driver',
    kind: 'json',
    base: () => ({
      firstname: 'Valentina',
      lastname: 'Rojas',
      address: 'Los Leones 100',
      about_me: 'Reparto en moto.',
    }),
  },
  {
    method: 'PUT',
    path: () => '/users/notification-preferences',
    who: 'driver',
    kind: 'json',
    base: () => ({ email: true, whatsapp: false }),
  },
  // «Quiero que las empresas me inviten» (decision 106)
  {
    method: 'PUT',
    path: () => '/users/invitation-preference',
    who: 'driver',
    kind: 'json',
    base: () => ({ invitations: true }),
  },
  {
    method: 'POST',
    path: () => '/users/update-profile-image',
    who: 'driver',
    kind: 'multipart',
    base: () => ({}),
    files: (w) => ({ newProfileImage: w.png }),
  },
  {
    method: 'POST',
    path: () => '/users/upload-files-user',
    who: 'driver',
    kind: 'multipart',
    base: () => ({ soap_frontal_expires_on: VALID_EXPIRY }),
    files: () => ({ soap_frontal: TINY_PDF }),
  },
  {
    method: 'POST',
    path: () => '/users/experience-work/add-experience-work',
    who: 'driver',
    kind: 'json',
    base: () => experience,
  },
  {
    method: 'PUT',
    path: (w) => `/users/experience-work/update-experience-work/${w.ids.experience}`,
    who: 'driver',
    kind: 'json',
    base: () => experience,
  },
  {
    method: 'DELETE',
    path: (w) => `/users/experience-work/delete-experience-work/${w.ids.experience}`,
    who: 'driver',
    kind: 'json',
    base: () => ({}),
  },
  { method: 'POST', path: () => '/users/bank-details/add-bank-details', who: 'driver', kind: 'json', base: () => bank },
  {
    method: 'PUT',
    path: (w) => `/users/bank-details/update-bank-details/${w.ids.bank}`,
    who: 'driver',
    kind: 'json',
    base: () => ({ bank_name: 'Banco de Chile', sii_address: 'Av. Matta 12' }),
  },
  {
    method: 'PUT',
    path: (w) => `/users/bank-details/change-select-bank/${w.ids.bank}`,
    who: 'driver',
    kind: 'json',
    base: (w) => ({ id_bank_detail: w.ids.bank, selected: 'Seleccionado' }),
  },
  {
    method: 'DELETE',
    path: (w) => `/users/bank-details/delete-bank-details/${w.ids.bank}`,
    who: 'driver',
    kind: 'json',
    base: () => ({}),
  },
  // users: marketplace
  {
    method: 'POST',
    path: () => '/users/filter-job-postings',
    who: 'driver',
    kind: 'json',
    base: () => ({
      id_vehicle: 1,
      id_zone: 2,
      id_region: 13000,
      id_commune: 13101,
      start_time: 1,
      pawn: 'No',
      search: 'reparto',
      page: 1,
    }),
  },
  {
    method: 'POST',
    path: () => '/users/search-job-postings',
    who: 'driver',
    kind: 'json',
    base: () => ({ search_jps: 'reparto', page: 1 }),
  },
  {
    method: 'POST',
    path: () => '/users/postulate-job-posting',
    who: 'driver',
    kind: 'json',
    base: (w) => ({ id_publication: w.ids.posting }),
  },
  {
    method: 'POST',
    path: () => '/users/withdraw-postulation',
    who: 'driver',
    kind: 'json',
    base: (w) => ({ id_publication: w.ids.otherPosting }),
  },
  {
    method: 'POST',
    path: () => '/users/save-posting',
    who: 'driver',
    kind: 'json',
    base: (w) => ({ id_publication: w.ids.posting }),
  },
  {
    method: 'POST',
    path: () => '/users/unsave-posting',
    who: 'driver',
    kind: 'json',
    base: (w) => ({ id_publication: w.ids.posting }),
  },
  // users: simple power
  { method: 'POST', path: () => '/users/create-power-simple-link', who: 'driver', kind: 'json', base: () => ({}) },
  {
    method: 'POST',
    path: () => '/users/verify-power-simple',
    who: null,
    kind: 'json',
    base: (w) => ({ power: w.powerToken }),
  },
  {
    method: 'POST',
    path: () => '/users/create-power-simple',
    who: null,
    kind: 'multipart',
    base: (w) => ({ power: w.powerToken, ...powerFields }),
    files: (w) => ({
      'files[cedula_identidad_frontal_owner]': w.png,
      'files[cedula_identidad_posterior_owner]': w.png,
    }),
  },
  // business
  {
    method: 'POST',
    path: () => '/business/register',
    who: null,
    kind: 'json',
    base: () => ({
      name_business: 'Transportes Andes',
      fullname: 'Ana Pérez',
      email: 'ana@andes.cl',
      phone: '22876543',
      id_vehicle: 1,
      quantity: 4,
      id_zone: 2,
      id_region: 13000,
      id_commune: 13101,
      id_schedule: 1,
      message: 'Rutas en Santiago Centro, de lunes a viernes.',
    }),
  },
  {
    method: 'POST',
    path: () => '/business/register',
    who: null,
    kind: 'multipart-data',
    base: () => {
      const n = 76_000_000 + Math.floor(Math.random() * 900_000)
      return {
        name_business: 'Transportes Fuzz SpA',
        rut: `${n}-${computeCheckDigit(n)}`,
        contact_name: 'Ana Pérez Soto',
        email: `fuzz-${unique()}@andes.cl`,
        phone: '22876543',
        password: 'clave1234',
        id_zone: 2,
        id_region: 13000,
        id_commune: 13101,
        acceptTerms: true,
      }
    },
  },
  {
    method: 'POST',
    path: () => '/business/contact-business',
    who: null,
    kind: 'json',
    base: () => ({
      fullname: 'Ana Pérez',
      name_business: 'Transportes Andes',
      email: 'ana@andes.cl',
      phone: '22876543',
      message: 'Necesitamos 5 conductores para marzo.',
    }),
  },
  {
    method: 'POST',
    path: () => '/business/search-my-job-postings',
    who: 'company',
    kind: 'json',
    base: () => ({ search: 'reparto', page: 1 }),
  },
  {
    method: 'POST',
    path: () => '/business/create-job-posting',
    who: 'company',
    kind: 'json',
    base: () => postingBody(),
  },
  {
    method: 'PUT',
    path: (w) => `/business/update-job-posting/${w.ids.posting}`,
    who: 'company',
    kind: 'json',
    base: () => postingBody({ title: 'Reparto de farmacia en Providencia' }),
  },
  {
    method: 'DELETE',
    path: (w) => `/business/delete-job-posting/${w.ids.posting}`,
    who: 'company',
    kind: 'json',
    base: () => ({}),
  },
  {
    method: 'PUT',
    path: (w) => `/business/update-application-status/${w.ids.application}`,
    who: 'company',
    kind: 'json',
    base: () => ({ status: 'en_revision' }),
  },
  // The pipeline: the selected applicants of one posting move to one stage together.
  {
    method: 'PUT',
    path: (w) => `/business/job-postings/${w.ids.posting}/applicants-status`,
    who: 'company',
    kind: 'json',
    base: (w) => ({ applications: [w.ids.application], status: 'en_revision' }),
  },
  // «Invitar a postular»: the posting's matching drivers are invited (decision 106).
  {
    method: 'POST',
    path: (w) => `/business/job-postings/${w.ids.posting}/invitations`,
    who: 'company',
    kind: 'json',
    base: () => ({}),
  },
  // The hiring screen: the applications it showed are seen; a visible close.
  {
    method: 'PUT',
    path: (w) => `/business/job-postings/${w.ids.posting}/applicants-seen`,
    who: 'company',
    kind: 'json',
    base: (w) => ({ applications: [w.ids.application] }),
  },
  {
    method: 'PUT',
    path: (w) => `/business/close-job-posting/${w.ids.posting}`,
    who: 'company',
    kind: 'json',
    base: () => ({}),
  },
  // Conversations per application (decision 105): the company writes, the driver answers.
  {
    method: 'POST',
    path: (w) => `/business/applications/${w.ids.application}/messages`,
    who: 'company',
    kind: 'json',
    base: () => ({ body: 'Hola, ¿puedes empezar el lunes a las 9:00?' }),
  },
  // One message to the selected applicants of a posting, each in their own thread (decision 108).
  {
    method: 'POST',
    path: (w) => `/business/job-postings/${w.ids.posting}/applicants-messages`,
    who: 'company',
    kind: 'json',
    base: (w) => ({ applications: [w.ids.application], body: 'Hola a todos: la entrevista es el martes a las 10:00.' }),
  },
  {
    method: 'POST',
    path: (w) => `/users/applications/${w.ids.application}/messages`,
    who: 'driver',
    kind: 'json',
    base: () => ({ body: 'Sí, el lunes a las 9:00 puedo.' }),
  },
  // «Duplicar» (decision 104): a draft copy of one of the company's postings.
  {
    method: 'POST',
    path: (w) => `/business/duplicate-job-posting/${w.ids.posting}`,
    who: 'company',
    kind: 'json',
    base: () => ({}),
  },
  {
    method: 'POST',
    path: () => '/business/send-email-to-user-jobpostulate',
    who: 'company',
    kind: 'json',
    base: (w) => ({
      subject: 'Entrevista para la ruta',
      message: 'Hola Camila, nos gustaría conversar contigo mañana a las 10:00.',
      name_user: 'Camila',
      user_email: 'camila@example.cl',
      email_business: w.company.email,
      name_business: w.company.name,
      phone_business: '22876543',
      logo_business: '',
      id_publication: w.ids.posting,
    }),
  },
  // Staff 2FA and roles (decision 77): the second factor, re-authentication, «Equipo» (before
  // the logouts, which end the sessions they use).
  { method: 'POST', path: () => '/auth/second-factor/admin/enrol', who: 'admin', kind: 'json', base: () => ({}) },
  {
    method: 'POST',
    path: () => '/auth/second-factor/admin/confirm',
    who: 'admin',
    kind: 'json',
    base: () => ({ code: '123456' }),
  },
  {
    method: 'POST',
    path: () => '/auth/second-factor/admin/verify',
    who: 'admin',
    kind: 'json',
    base: () => ({ code: '123456' }),
  },
  {
    method: 'POST',
    path: () => '/auth/reauthenticate/admin',
    who: 'admin',
    kind: 'json',
    base: () => ({ password: 'Consola2026' }),
  },
  { method: 'POST', path: () => '/auth/second-factor/business/enrol', who: 'company', kind: 'json', base: () => ({}) },
  {
    method: 'POST',
    path: () => '/auth/second-factor/business/confirm',
    who: 'company',
    kind: 'json',
    base: () => ({ code: '123456' }),
  },
  {
    method: 'POST',
    path: () => '/auth/second-factor/business/verify',
    who: 'company',
    kind: 'json',
    base: () => ({ code: 'abcde-23456' }),
  },
  {
    method: 'POST',
    path: () => '/auth/second-factor/business/disable',
    who: 'company',
    kind: 'json',
    base: () => ({ password: 'Empresa2026', code: '123456' }),
  },
  {
    method: 'POST',
    path: () => '/auth/reauthenticate/business',
    who: 'company',
    kind: 'json',
    base: () => ({ code: '123456' }),
  },
  {
    method: 'POST',
    path: (w) => `/admin/staff/${w.ids.staff}/role`,
    who: 'admin',
    kind: 'json',
    base: () => ({ role: 'administrador' }),
  },
  // «Operación»: a failed message back in the queue (administradores)
  {
    method: 'POST',
    path: (w) => `/admin/operations/outbox/${w.ids.failedMessage}/retry`,
    who: 'admin',
    kind: 'json',
    base: () => ({}),
  },
  // «Ejecutar ahora» of a periodic job (decision 81)
  { method: 'POST', path: () => '/admin/scheduled-jobs/exports/run', who: 'admin', kind: 'json', base: () => ({}) },
  { method: 'POST', path: () => '/auth/logout/business', who: 'company', kind: 'json', base: () => ({}) },
  // general data
  {
    method: 'POST',
    path: () => '/contact/send-email-contact',
    who: null,
    kind: 'json',
    base: () => ({
      firstName: 'Ana',
      lastName: 'Pérez',
      email: 'ana@gmail.com',
      phone: '987654321',
      message: 'Hola, quiero más información sobre Fleeters.',
    }),
  },
  {
    method: 'POST',
    path: () => '/contact/send-email-inquiries-complaints',
    who: null,
    kind: 'json',
    base: () => ({
      name: 'Jorge Fuentes',
      phone: '987654321',
      email: 'jorge@gmail.com',
      message: 'La ruta llegó con dos horas de atraso.',
      type: 'Complaints',
      selectedComplainsType: 'DEMORA_EN_LA_ENTREGA',
    }),
  },
  // operations console
  {
    method: 'POST',
    path: (w) => `/admin/documents/${w.ids.file}/review`,
    who: 'admin',
    kind: 'json',
    base: () => ({ decision: 'REJECTED', reason: 'El documento es ilegible.' }),
  },
  {
    method: 'POST',
    path: (w) => `/admin/companies/${w.ids.otherCompany}/verification`,
    who: 'admin',
    kind: 'json',
    base: () => ({ verified: true }),
  },
  {
    method: 'POST',
    path: (w) => `/admin/postings/${w.ids.otherPosting}/close`,
    who: 'admin',
    kind: 'json',
    base: () => ({ reason: 'La oferta no cumple las reglas de publicación.' }),
  },
  {
    method: 'POST',
    path: () => '/admin/content/faqs',
    who: 'admin',
    kind: 'json',
    base: () => ({ question: '¿Cuándo pagan?', answers: ['Dentro de 48 horas.'] }),
  },
  {
    method: 'PUT',
    path: (w) => `/admin/content/faqs/${w.ids.faq}`,
    who: 'admin',
    kind: 'json',
    base: () => ({ question: '¿Cuándo pagan?', answers: ['Dentro de 48 horas.'] }),
  },
  {
    method: 'POST',
    path: () => '/admin/content/testimonials',
    who: 'admin',
    kind: 'json',
    base: () => ({
      name: 'Ana',
      job_title: 'Jefa de operaciones',
      name_business: 'Andes',
      comment: 'Muy buen servicio.',
      logo_business: '/images/partners/andes.svg',
    }),
  },
  {
    method: 'PUT',
    path: (w) => `/admin/content/testimonials/${w.ids.testimonial}`,
    who: 'admin',
    kind: 'json',
    base: () => ({
      name: 'Ana',
      job_title: 'Jefa de operaciones',
      name_business: 'Andes',
      comment: 'Muy buen servicio.',
      logo_business: '',
    }),
  },
  {
    method: 'POST',
    path: () => '/admin/content/logos',
    who: 'admin',
    kind: 'multipart',
    base: () => ({ name: 'Andes' }),
    files: (w) => ({ image: w.png }),
  },
  {
    method: 'PUT',
    path: (w) => `/admin/content/logos/${w.ids.logo}`,
    who: 'admin',
    kind: 'multipart',
    base: () => ({ name: 'Andes' }),
  },
  {
    method: 'PUT',
    path: (w) => `/admin/content/statistics/${w.ids.statistic}`,
    who: 'admin',
    kind: 'json',
    base: () => ({ title: 'Pedidos', value: '200000', description: 'Pedidos entregados', source: 'manual' }),
  },
  {
    method: 'POST',
    path: (w) => `/admin/content/faqs/${w.ids.faq}/move`,
    who: 'admin',
    kind: 'json',
    base: () => ({ direction: 'down' }),
  },
  {
    method: 'POST',
    path: (w) => `/admin/content/testimonials/${w.ids.testimonial}/move`,
    who: 'admin',
    kind: 'json',
    base: () => ({ direction: 'down' }),
  },
  {
    method: 'POST',
    path: (w) => `/admin/content/logos/${w.ids.logo}/move`,
    who: 'admin',
    kind: 'json',
    base: () => ({ direction: 'down' }),
  },
  {
    method: 'POST',
    path: (w) => `/admin/content/statistics/${w.ids.statistic}/move`,
    who: 'admin',
    kind: 'json',
    base: () => ({ direction: 'down' }),
  },
  { method: 'DELETE', path: (w) => `/admin/content/faqs/${w.ids.faq}`, who: 'admin', kind: 'json', base: () => ({}) },
  { method: 'DELETE', path: (w) => `/admin/content/logos/${w.ids.logo}`, who: 'admin', kind: 'json', base: () => ({}) },
  {
    method: 'DELETE',
    path: (w) => `/admin/content/testimonials/${w.ids.testimonial}`,
    who: 'admin',
    kind: 'json',
    base: () => ({}),
  },
  {
    method: 'POST',
    path: (w) => `/admin/powers/${w.ids.power}/signature`,
    who: 'admin',
    kind: 'json',
    base: () => ({}),
  },
  { method: 'POST', path: () => '/auth/logout/admin', who: 'admin', kind: 'json', base: () => ({}) },
  { method: 'POST', path: () => '/auth/logout/user', who: 'driver', kind: 'json', base: () => ({}) },
]

export function headersFor(w: World, who: Who | null): Record<string, string> {
  if (who === 'driver') return w.driver.headers
  if (who === 'company') return w.company.headers
  if (who === 'admin') return w.admin.headers
  return {}
}

/** Sends a body of the route's kind; `raw` replaces the whole body (malformed input). */
export async function send(
  w: World,
  route: Route,
  body: Record<string, unknown> | unknown,
  opts: {
    headers?: Record<string, string>
    as?: Record<string, string>
    raw?: string
    files?: Record<string, Uint8Array>
    path?: string
  } = {},
) {
  // `as`: exactly these headers (another caller); `headers`: added to the route's own caller's.
  const headers = opts.as ?? { ...headersFor(w, route.who), ...opts.headers }
  const path = opts.path ?? route.path(w)
  if (opts.raw !== undefined)
    return w.api.call(route.method, path, {
      body: opts.raw,
      headers: { 'content-type': 'application/json', ...headers },
    })
  if (route.kind === 'json') return w.api.call(route.method, path, { json: body, headers })
  const form = new FormData()
  if (route.kind === 'multipart-data') form.set('data', JSON.stringify(body))
  else if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [k, v] of Object.entries(body as Record<string, unknown>))
      form.append(k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))
  }
  for (const [k, bytes] of Object.entries(opts.files ?? route.files?.(w) ?? {}))
    form.append(k, new File([bytes as Uint8Array<ArrayBuffer>], `${k}.bin`))
  return w.api.call(route.method, path, { form, headers })
}
