import type { Context } from 'hono'
import { requireRole, type AuthEnv } from '#services/platform/auth'
import { ApiError, MESSAGES } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'

export const requireDriver = (p: Platform) => requireRole(p, 'User')

/** Who acts in the driver area's operations: a driver, by their user's id. */
export interface DriverActor {
  userId: number
}

/** The caller as the operations take it: the driver of the session (requireDriver ran first). */
export const driverActor = (c: Context<AuthEnv>): DriverActor => ({ userId: c.get('auth').userId })

/** A multipart body, or 400 when the body is anything else or malformed. */
export async function readForm(c: Context): Promise<FormData> {
  const type = c.req.header('content-type') ?? ''
  if (!type.startsWith('multipart/form-data')) throw new ApiError(400, MESSAGES.badJson)
  try {
    return await c.req.formData()
  } catch {
    throw new ApiError(400, MESSAGES.badJson)
  }
}

/** JSON object bodies; some screens wrap the fields in `data` (spec §7 update-data-user). */
export function unwrapData(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {}
  const inner = (body as { data?: unknown }).data
  if (inner && typeof inner === 'object' && !Array.isArray(inner)) return inner as Record<string, unknown>
  return body as Record<string, unknown>
}

export { isUniqueViolation } from '#services/platform/db/errors'

export const notFound = () => new ApiError(404, MESSAGES.notFound)
