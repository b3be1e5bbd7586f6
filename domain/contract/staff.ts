/** Response shapes of the second factor, re-authentication and the console's team (decision 77). */
import { z } from 'zod'
import { STAFF_ROLE_VALUES } from '#domain/validation/staff'

/** Where a session stands with its second factor: passed (or none needed), to enrol, to verify. */
export const SECOND_FACTOR_STATES = ['ok', 'enrol', 'verify'] as const
export type SecondFactorState = (typeof SECOND_FACTOR_STATES)[number]

export const factorStatusSchema = z.object({
  state: z.enum(SECOND_FACTOR_STATES),
  /** The account has a confirmed authenticator app. */
  enabled: z.boolean(),
  /** Recovery codes not used yet. */
  recovery_left: z.number(),
  /** The console requires it (console accounts cannot turn it off). */
  required: z.boolean(),
})

/** Enrolment: the secret to type, its otpauth:// address and that address as an SVG QR code. */
export const factorEnrolmentSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  qr_svg: z.string(),
})
export type FactorEnrolment = z.infer<typeof factorEnrolmentSchema>

/** The 10 recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ message: z.string(), recovery_codes: z.array(z.string()) })

export const staffMemberSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  staff_role: z.enum(STAFF_ROLE_VALUES),
  factor_enabled: z.boolean(),
  created_at: z.string(),
})
export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) })
