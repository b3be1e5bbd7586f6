/**
 * A form's body checked once. The web tier parses every form with its domain schema before it
 * calls a service; when the call stays in this process and the route takes a body of that same
 * schema, the route uses the value the page already checked instead of parsing the JSON and
 * running the schema again. Everything else is validated by the route as always: a call over
 * HTTP (a split deployment, any /api caller), a body the page did not check, or one checked with
 * another schema.
 *
 * Trust comes from where the value travels, not from anything in the request: it rides in the Hono
 * `env` that server/pages.ts passes to `services.fetch(request, env)` for a page's in-process
 * calls, under a Symbol, beside the session memo of auth.ts. No header, body or URL can put it
 * there, and /api (server/api.ts) calls the services without an env.
 *
 * The app's server build and the services' build each bundle their own copy of domain/validation,
 * so a schema is known by a name both builds read from this one list, not by its object. A schema
 * that both sides use joins the list; a schema left out is validated twice, never skipped.
 */
import { isDeepStrictEqual } from 'node:util'
import type { z } from 'zod'
import { loginSchema, emailCodeSchema, resetPasswordRequestSchema } from '#domain/validation/auth'
import { bankDetailsPayloadSchema } from '#domain/validation/bank'
import { complaintSchema } from '#domain/validation/complaint'
import { businessContactSchema, contactSchema } from '#domain/validation/contact'
import { experienceSchema } from '#domain/validation/experience'
import { fleetRequestSchema } from '#domain/validation/fleet-request'
import { jobPostingSchema } from '#domain/validation/marketplace'
import { rectificationSchema } from '#domain/validation/my-data'
import { profileSchema } from '#domain/validation/profile'
import { confirmFactorSchema, verifyFactorSchema } from '#domain/validation/staff'
import { ApiError } from './http'

/** The schemas forms and routes share, by name. */
const SHARED_SCHEMAS: Record<string, z.ZodType> = {
  bankDetailsPayload: bankDetailsPayloadSchema,
  businessContact: businessContactSchema,
  complaint: complaintSchema,
  confirmFactor: confirmFactorSchema,
  contact: contactSchema,
  emailCode: emailCodeSchema,
  experience: experienceSchema,
  fleetRequest: fleetRequestSchema,
  jobPosting: jobPostingSchema,
  login: loginSchema,
  profile: profileSchema,
  rectification: rectificationSchema,
  resetPasswordRequest: resetPasswordRequestSchema,
  verifyFactor: verifyFactorSchema,
}
const NAMES = new Map<z.ZodType, string>(Object.entries(SHARED_SCHEMAS).map(([name, schema]) => [schema, name]))

/** The name both builds know `schema` by, or undefined when it is not shared. */
export function sharedSchemaName(schema: z.ZodType): string | undefined {
  return NAMES.get(schema)
}

/** A body the page checked: its value and the name of the schema that accepted it. */
export interface CheckedBody {
  value: object
  schema: string
}

export const IN_PROCESS_BODY = Symbol('fleeters.in-process-body')

/** The checked body an in-process call carries in its env, if any. */
export function checkedBodyOf(env: unknown): CheckedBody | undefined {
  if (!env || typeof env !== 'object') return undefined
  return (env as { [IN_PROCESS_BODY]?: CheckedBody })[IN_PROCESS_BODY]
}

/**
 * Under Vitest and in the e2e server (CHECK_IN_PROCESS_BODIES=1), a value used unchecked is also
 * checked the old way, from its JSON: if the route's validation would refuse it or hand its
 * handler anything else, the request fails loudly, so a form schema that stops matching its route
 * cannot pass unnoticed.
 */
const SECOND_CHECK = Boolean(process.env.VITEST) || process.env.CHECK_IN_PROCESS_BODIES === '1'

export function secondCheck(body: CheckedBody, validateJson: (raw: unknown) => unknown, route: string): void {
  if (!SECOND_CHECK) return
  let fromJson: unknown
  try {
    fromJson = validateJson(JSON.parse(JSON.stringify(body.value)))
  } catch (error) {
    const message = error instanceof ApiError ? JSON.stringify(error.message) : String(error)
    throw new Error(`In-process body: ${route} refuses the ${body.schema} value the page accepted: ${message}`)
  }
  if (!isDeepStrictEqual(fromJson, withoutUndefined(body.value)))
    throw new Error(`In-process body: ${route} reads the ${body.schema} value otherwise than the page checked it`)
}

/** JSON leaves undefined fields out; so does the comparison. */
function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUndefined)
  if (!value || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, withoutUndefined(v)]),
  )
}
