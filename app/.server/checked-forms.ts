import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { sharedSchemaName } from '#services/platform/in-process'

/**
 * The values this request's forms were checked with, by the name of the schema that accepted them
 * (services/platform/in-process.ts): the backend client hands such a value to an in-process
 * service call of that schema, which then does not check it again.
 */
const checkedWith = new WeakMap<object, string>()

/** conform's parse of a form with a domain schema; a valid value is remembered as checked by it. */
export function parseForm<S extends z.ZodType>(formData: FormData, schema: S) {
  const submission = parseWithZod(formData, { schema })
  if (submission.status === 'success') checkedAs(submission.value, schema)
  return submission
}

/**
 * Marks `value` as accepted by `schema`: a parsed form's value, or a value made from one by a
 * function whose output that schema always accepts unchanged (a test of the domain says so, e.g.
 * bankPayloadFromForm's). The value must not change afterwards.
 */
export function checkedAs<T>(value: T, schema: z.ZodType): T {
  const name = sharedSchemaName(schema)
  if (name && value && typeof value === 'object') checkedWith.set(value, name)
  return value
}

/** The name of the schema `value` was checked with, if any. */
export function checkedSchemaOf(value: unknown): string | undefined {
  return value && typeof value === 'object' ? checkedWith.get(value) : undefined
}
