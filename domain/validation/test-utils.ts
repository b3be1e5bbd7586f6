/** Helpers for the schema tests (not used by app code). */
import type { z } from 'zod'

/** Issues of a failed parse as { 'path.to.field': [messages] } ('' for the root). */
export function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input)
  if (result.success) return {}
  const out: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const key = issue.path.join('.')
    ;(out[key] ??= []).push(issue.message)
  }
  return out
}

/** The messages of one field. */
export function fieldErrors(schema: z.ZodType, input: unknown, field: string): string[] {
  return errorsOf(schema, input)[field] ?? []
}

/** Turns an object into FormData as a browser would send it (booleans as 'on', absent when false). */
export function toFormData(values: Record<string, unknown>): FormData {
  const fd = new FormData()
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === false) continue
    if (v === true) fd.append(k, 'on')
    else if (v instanceof Blob) fd.append(k, v)
    else fd.append(k, String(v))
  }
  return fd
}

export const BLANKS: ReadonlyArray<[string, unknown]> = [
  ['undefined', undefined],
  ['null', null],
  ["''", ''],
  ['whitespace', '   '],
]
