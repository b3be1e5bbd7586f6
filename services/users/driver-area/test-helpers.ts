import sharp from 'sharp'
import { addDays, dayInChile } from '#domain/format'
import { expiryFieldName, isDocumentSlotKey, isExpiringSlot } from '#domain/reference-data/documents'
import type { Role } from '#services/platform/db/schema'
import type { StaffRole } from '#services/platform/db/schema-staff'
import { TINY_PDF } from '#services/platform/seed/sample-files'
import { driverAccount } from '#services/testing/business'
import type { EngineName } from '#services/testing/database'
import { createTestPlatform, type TestPlatform } from '#services/testing/platform'
import { startSession } from '#services/users/session-object'
import type { DriverActor } from './shared'

let counter = 0

/**
 * A fresh platform on `engine` with two drivers, Camila and Pedro, for the operations tests: what
 * one driver does must not reach the other's rows.
 */
export async function platformWithDrivers(
  engine: EngineName,
): Promise<{ p: TestPlatform; camila: DriverActor; pedro: DriverActor }> {
  const p = await createTestPlatform(engine)
  const camila = { userId: (await driverAccount(p, 'Camila')).userId }
  const pedro = { userId: (await driverAccount(p, 'Pedro')).userId }
  return { p, camila, pedro }
}

/**
 * A user of `role` written straight to the database, with a live session token. A console
 * account is an administrador (or `staffRole`) whose session passed its second factor just now,
 * as after the code step (decision 77); second-factor.test.ts tests that step itself.
 */
export async function userWithSession(p: TestPlatform, role: Role = 'User', opts: { staffRole?: StaffRole } = {}) {
  counter++
  const now = p.now().toISOString()
  const user = await p.db
    .insertInto('users')
    .values({
      role,
      email: `${role.toLowerCase()}${counter}-${Date.now()}@example.cl`,
      password_hash: 'x',
      firstname: 'Camila',
      lastname: 'Pérez',
      rut: null,
      phone: null,
      address: 'Av. Siempre Viva 742',
      about_me: 'Conductora de reparto.',
      img_profile: null,
      email_verified: 1,
      accepted_terms_at: now,
      created_at: now,
      updated_at: now,
      staff_role: role === 'admin' ? (opts.staffRole ?? 'administrador') : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  const token = await startSession(p, user)
  if (role === 'admin')
    await p.db
      .updateTable('sessions')
      .set({ factor_pending: 0, reauth_at: now })
      .where('user_id', '=', user.id)
      .execute()
  const header = { [role === 'User' ? 'auth-user' : role === 'business' ? 'auth-business' : 'auth-admin']: token }
  return { user, token, headers: header }
}

export async function samplePng(width = 40, height = 30): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#1d6fe0' } })
      .png()
      .toBuffer(),
  )
}

export async function sampleJpeg(width = 40, height = 30): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#ffb020' } })
      .jpeg()
      .toBuffer(),
  )
}

export const samplePdf = TINY_PDF
/** A Windows executable's first bytes. */
export const sampleExe = new Uint8Array([
  0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff,
])

export function fileOf(bytes: Uint8Array, name: string, type = ''): File {
  return new File([bytes as Uint8Array<ArrayBuffer>], name, { type })
}

export function formWith(entries: Record<string, File | string>): FormData {
  const form = new FormData()
  for (const [k, v] of Object.entries(entries)) form.append(k, v)
  return form
}

/** An expiry date two years ahead: valid at upload whatever a test's clock offset. */
export const VALID_EXPIRY = addDays(dayInChile(new Date()), 730)

/**
 * A document upload's form: each file of a kind that expires gets VALID_EXPIRY as its date
 * ('<slot>_expires_on') unless the entries give one.
 */
export function documentForm(entries: Record<string, File | string>): FormData {
  const form = formWith(entries)
  for (const [k, v] of Object.entries(entries)) {
    if (typeof v !== 'string' && isDocumentSlotKey(k) && isExpiringSlot(k) && !(expiryFieldName(k) in entries))
      form.append(expiryFieldName(k), VALID_EXPIRY)
  }
  return form
}
