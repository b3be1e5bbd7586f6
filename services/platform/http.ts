import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'

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
  unauthorized: 'No autorizado. Inicie sesión nuevamente.',
  forbidden: 'No tiene permiso para realizar esta acción.',
  notFound: 'Recurso no encontrado.',
  badJson: 'El cuerpo de la solicitud no es válido.',
  tooLarge: 'La solicitud es demasiado grande.',
  tooMany: 'Demasiadas solicitudes. Intente nuevamente en unos minutos.',
  internal: 'Ocurrió un error inesperado. Intente nuevamente.',
} as const

export function errorResponse(err: unknown, c: Context) {
  if (err instanceof ApiError) return c.json({ message: err.messages }, err.status)
  // Hono's own HTTP errors (body limit, malformed input) keep their status.
  const status = (err as { status?: number } | null)?.status
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = status === 413 ? MESSAGES.tooLarge : status === 401 ? MESSAGES.unauthorized : MESSAGES.badJson
    return c.json({ message }, status as ContentfulStatusCode)
  }
  console.error('[services] unexpected error', err)
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

export function parseId(raw: string | undefined): number {
  const id = Number(raw)
  if (!Number.isSafeInteger(id) || id <= 0) throw new ApiError(404, MESSAGES.notFound)
  return id
}
