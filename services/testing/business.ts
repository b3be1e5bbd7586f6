/** Accounts and postings for the marketplace service tests (not shipped code). */
import { dayInChile } from '#domain/format'
import { computeCheckDigit } from '#domain/rut'
import type { CompanyActor } from '#services/business/company-context'
import type { Platform } from '#services/platform/platform'
import { startSession } from '#services/users/session-object'

let counter = 0

export interface Account {
  userId: number
  token: string
  email: string
}

export interface CompanyAccount extends Account {
  companyId: number
  name: string
}

async function user(p: Platform, role: 'User' | 'business', firstname: string) {
  counter++
  const now = p.now().toISOString()
  const email = `${role === 'User' ? 'conductor' : 'empresa'}${counter}@example.cl`
  const row = await p.db
    .insertInto('users')
    .values({
      role,
      email,
      password_hash: 'x',
      firstname,
      lastname: `Prueba ${counter}`,
      rut: null,
      phone: null,
      address: null,
      about_me: role === 'User' ? 'Conductor con experiencia en reparto.' : null,
      img_profile: null,
      email_verified: 1,
      accepted_terms_at: now,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return { row, token: await startSession(p, row) }
}

/** A verified company with a live business session. */
export async function companyAccount(p: Platform, name = 'Transportes Andes SpA'): Promise<CompanyAccount> {
  const { row, token } = await user(p, 'business', 'Ana')
  const body = 76_000_000 + counter
  const company = await p.db
    .insertInto('companies')
    .values({
      user_id: row.id,
      name,
      rut: `${body}-${computeCheckDigit(body)}`,
      contact_name: 'Ana Pérez',
      email: row.email,
      phone: '22876543',
      id_commune: 13101,
      logo_url: null,
      verified: 1,
      created_at: row.created_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { userId: row.id, token, email: row.email, companyId: company.id, name }
}

/** A verified driver with a live session. */
export async function driverAccount(p: Platform, firstname = 'Camila'): Promise<Account> {
  const { row, token } = await user(p, 'User', firstname)
  return { userId: row.id, token, email: row.email }
}

export const business = (a: Account) => ({ 'auth-business': a.token })
export const driver = (a: Account) => ({ 'auth-user': a.token })

/** A valid create-job-posting body (Furgón in Santiago Centro). */
export function postingBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Reparto de paquetería en Santiago',
    description: 'Rutas micro-sectorizadas dentro de la comuna, carga ordenada por sector.',
    id_zone: 2,
    id_region: 13000,
    id_commune: 13101,
    id_vehicle: 1,
    id_capacity: 2,
    id_schedule: 1,
    start_date: '2026-03-02',
    pawn: 'No',
    payment_amount: 45000,
    payment_period: 'por día',
    drivers_needed: 3,
    status: 'open',
    ...overrides,
  }
}

/** Inserts postings straight into the table; created_at goes back one minute per posting. */
export async function insertPostings(
  p: Platform,
  companyId: number,
  rows: Array<Record<string, unknown>>,
): Promise<number[]> {
  const base = p.now().getTime()
  const ids: number[] = []
  for (const [i, r] of rows.entries()) {
    const created = new Date(base - (rows.length - i) * 60_000).toISOString()
    const b = postingBody(r)
    const values = {
      company_id: companyId,
      title: b.title,
      description: b.description,
      id_zone: b.id_zone,
      id_region: b.id_region,
      id_commune: b.id_commune,
      id_vehicle: b.id_vehicle,
      id_capacity: b.id_capacity ?? null,
      id_schedule: b.id_schedule,
      start_date: b.start_date,
      pawn: ['Si', 'true'].includes(String(b.pawn)) ? 1 : 0,
      payment_amount: b.payment_amount,
      payment_period: b.payment_period,
      drivers_needed: b.drivers_needed,
      status: b.status,
      created_at: created,
      updated_at: created,
    }
    const row = await p.db
      .insertInto('job_postings')
      .values(values as never /* fields typed loosely by the overrides */)
      .returning('id')
      .executeTakeFirstOrThrow()
    ids.push(row.id)
  }
  return ids
}

export function messages(body: { message: string | string[] }): string[] {
  return ([] as string[]).concat(body.message)
}

/**
 * `count` invitations the company sent today, to drivers made for them, on `postingId`: how the
 * invitation tests bring a company near its daily cap.
 */
export async function invitationsSentToday(p: Platform, companyId: number, postingId: number, count: number) {
  const now = p.now().toISOString()
  const fillers = await p.db
    .insertInto('users')
    .values(
      Array.from({ length: count }, (_, i) => ({
        role: 'User' as const,
        email: `relleno${i}@example.cl`,
        password_hash: 'x',
        firstname: 'Relleno',
        lastname: String(i),
        rut: null,
        phone: null,
        address: null,
        about_me: null,
        img_profile: null,
        email_verified: 1,
        accepted_terms_at: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute()
  await p.db
    .insertInto('posting_invitations')
    .values(
      fillers.map((f) => ({
        posting_id: postingId,
        user_id: f.id,
        company_id: companyId,
        day: dayInChile(p.now()),
        created_at: now,
      })),
    )
    .execute()
}

/** A company's account as the business operations take it: its user and its stored company. */
export async function companyActorFor(p: Platform, name: string): Promise<CompanyActor> {
  const account = await companyAccount(p, name)
  const company = await p.db
    .selectFrom('companies')
    .select(['id', 'name', 'email', 'phone', 'logo_url', 'verified'])
    .where('id', '=', account.companyId)
    .executeTakeFirstOrThrow()
  return { userId: account.userId, company }
}

/**
 * A document record (a `user_files` row) of a driver's slot, to insert: accepted unless told, a
 * small PNG under a key of its own, reviewed now when `reviewed`, with its expiry day if any.
 */
export function documentRecord(
  p: Pick<Platform, 'now'>,
  userId: number,
  slot: string,
  o: { status?: 'PENDING' | 'ACCEPTED' | 'REJECTED'; expiresOn?: string | null; reviewed?: boolean; key?: string } = {},
) {
  const now = p.now().toISOString()
  return {
    user_id: userId,
    purpose_name: slot,
    file_status: o.status ?? ('ACCEPTED' as const),
    storage_key: `documents/${o.key ?? Math.random().toString(36).slice(2)}abcdefghijklmnopqrstuv.png`,
    mime_type: 'image/png',
    size_bytes: 10,
    original_name: 'x.png',
    rejection_reason: null,
    created_at: now,
    reviewed_at: o.reviewed ? now : null,
    expires_on: o.expiresOn ?? null,
  }
}
