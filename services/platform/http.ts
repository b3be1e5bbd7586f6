import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import { dbErrorKind } from './db/errors'
import { log } from './log'

/** An error a caller can act on: its status and Spanish message go out as `{ message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly messages: string | string[],
  ) {
    super(Array.isArray(messages) ? messages.join(', ') : messages)
  }
}

export const MESSAGES = {
  unauthorized: 'No autorizado. Inicia sesión nuevamente.',
  forbidden: 'No tiene permiso para realizar esta acción.',
  notFound: 'Recurso no encontrado.',
  badJson: 'El cuerpo de la solicitud no es válido.',
  tooLarge: 'La solicitud es demasiado grande.',
  tooMany: 'Demasiadas solicitudes. Intenta nuevamente en unos minutos.',
  internal: 'Ocurrió un error inesperado. Intenta nuevamente.',
  /** The database is away (restart, failover, connections cut): nothing was written. */
  unavailable: 'El servicio no está disponible en este momento. Intenta nuevamente en unos segundos.',
  /** Another request changed the same data at the same time (a unique index decided). */
  conflict: 'Otra solicitud cambió estos datos al mismo tiempo. Revisa la información e intenta nuevamente.',
  /** A value the database cannot store (a NUL byte, a number out of range). */
  badValue: 'Valor inválido',
} as const

/** Seconds a client should wait before trying again while the database is away. */
export const UNAVAILABLE_RETRY_AFTER_S = 5

export function errorResponse(err: unknown, c: Context) {
  if (err instanceof ApiError) return c.json({ message: err.messages }, err.status)
  // Hono's own HTTP errors (body limit, malformed input) keep their status.
  const status = (err as { status?: number } | null)?.status
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = status === 413 ? MESSAGES.tooLarge : status === 401 ? MESSAGES.unauthorized : MESSAGES.badJson
    return c.json({ message }, status as ContentfulStatusCode)
  }
  switch (dbErrorKind(err)) {
    case 'unique':
      return c.json({ message: MESSAGES.conflict }, 409)
    case 'bad-value':
      return c.json({ message: MESSAGES.badValue }, 400)
    case 'retry':
      // Still deadlocked after the transaction helper's retries: the same answer as a lost race.
      return c.json({ message: MESSAGES.conflict }, 409)
    case 'unavailable':
      log.error({ reqId: c.req.header('x-request-id'), err }, 'service unavailable')
      c.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S))
      return c.json({ message: MESSAGES.unavailable }, 503)
  }
  log.error(
    { reqId: c.req.header('x-request-id'), method: c.req.method, path: c.req.path, err },
    'unexpected service error',
  )
  return c.json({ message: MESSAGES.internal }, 500)
}

/** Validate with a domain schema; failures become a 400 with every Spanish message. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const messages = [...new Set(result.error.issues.map((i) => i.message))]
  throw new ApiError(400, messages.length === 1 ? messages[0]! : messages)
}

export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text()
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiError(400, MESSAGES.badJson)
  }
}

/** Multipart bodies whose field `data` carries JSON (spec §7 registration calls). */
export async function readMultipartData(c: Context): Promise<{ data: unknown; form: FormData }> {
  const type = c.req.header('content-type') ?? ''
  if (type.includes('application/json')) return { data: await readJson(c), form: new FormData() }
  let form: FormData
  try {
    form = await c.req.formData()
  } catch {
    throw new ApiError(400, MESSAGES.badJson)
  }
  const raw = form.get('data')
  if (typeof raw !== 'string') throw new ApiError(400, 'Falta el campo data.')
  try {
    return { data: JSON.parse(raw), form }
  } catch {
    throw new ApiError(400, MESSAGES.badJson)
  }
}
