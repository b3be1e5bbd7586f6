import { coerceFormValue } from '@conform-to/zod/v4/future'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import * as admin from './admin'
import { contactSchema } from './contact'
import { requiredString } from './fields'
import * as forms from './index'

/**
 * Which zod the schemas are built with: classic zod on the server (project `unit`), zod/mini in
 * the browser and in project `domain-mini` (ZOD_FLAVOUR, vitest.config.ts), where every other
 * test of this folder runs again on it.
 */
const mini = process.env.ZOD_FLAVOUR === 'mini'

describe(`domain schemas on ${mini ? 'zod/mini' : 'classic zod'}`, () => {
  it('builds them with the flavour of its project', () => {
    const schema = requiredString('x') as unknown as Record<string, unknown>
    // zod/mini schemas have no check methods; classic ones do.
    expect(typeof schema.trim).toBe(mini ? 'undefined' : 'function')
    expect(contactSchema.constructor.name).toBe(mini ? 'ZodMiniObject' : 'ZodObject')
  })

  it("wraps them in conform's coercion with the same flavour", () => {
    const coerced = coerceFormValue(contactSchema) as unknown as { constructor: { name: string } }
    expect(coerced.constructor.name).toBe(mini ? 'ZodMiniPipe' : 'ZodPipe')
  })
})

/**
 * zod/mini comes without zod's English messages (classic zod loads them on its own): no schema may
 * need them. Every field of every schema, given values of every wrong kind, answers one of our own
 * Spanish messages, never zod's default ('Invalid input…', 'Too big…'), on either flavour.
 */
describe("no message falls back to zod's own", () => {
  const isSchema = (value: unknown): value is z.ZodType =>
    typeof (value as { safeParseAsync?: unknown } | null)?.safeParseAsync === 'function'
  // The console's document queue reads a query string (always an object; a bad filter is dropped).
  const schemas = [...Object.entries(forms), ...Object.entries(admin)].flatMap(([name, value]: [string, unknown]) =>
    isSchema(value) && name !== 'documentQueueQuerySchema' ? [[name, value] as const] : [],
  )
  const WRONG: unknown[] = [
    undefined,
    null,
    '',
    '   ',
    'x',
    'x'.repeat(5000),
    '\u0000',
    -1,
    0,
    1.5,
    1e12,
    Number.NaN,
    true,
    false,
    {},
    [],
    ['x'],
    [1, 2],
    { a: 1 },
  ]
  const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized|Expected)/

  it('walks the schemas of every form', () => {
    expect(schemas.length).toBeGreaterThanOrEqual(40)
  })

  it.each(schemas)('%s', async (_name, schema) => {
    const fields = new Set<string>()
    for (const input of [{}, null, 'x', []]) {
      const result = await schema.safeParseAsync(input)
      for (const issue of result.error?.issues ?? []) {
        if (issue.path.length > 0) fields.add(String(issue.path[0]))
        expect(issue.message).not.toMatch(ZOD_DEFAULT)
      }
    }
    for (const field of fields) {
      for (const value of WRONG) {
        const result = await schema.safeParseAsync({ [field]: value })
        for (const issue of result.error?.issues ?? [])
          expect({ field, value, message: issue.message }).not.toEqual({
            field,
            value,
            message: expect.stringMatching(ZOD_DEFAULT),
          })
      }
    }
  })
})
