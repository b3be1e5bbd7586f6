import type { Generated } from 'kysely'

/** Tables of the second factor (see migrations/0021_staff_factors.ts, decision 77). */
export interface StaffTables {
  totp_factors: TotpFactorsTable
  recovery_codes: RecoveryCodesTable
}

/** The console's two roles: «revisor» reviews; «administrador» does everything. */
export const STAFF_ROLES = ['revisor', 'administrador'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** One authenticator app per account (RFC 6238). */
export interface TotpFactorsTable {
  user_id: number
  /** The 20-byte secret, sealed (file-crypto.ts) and base64url. */
  secret_sealed: string
  /** Null while enrolling: no code has confirmed the app yet. */
  confirmed_at: string | null
  /** The last 30-second step a code was accepted for: a code is never accepted twice. */
  last_step: number | null
  created_at: string
}

/** Single-use recovery codes, stored as keyed hashes. */
export interface RecoveryCodesTable {
  id: Generated<number>
  user_id: number
  code_hash: string
  used_at: string | null
  created_at: string
}
