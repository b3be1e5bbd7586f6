import { coerceFormValue } from '@conform-to/zod/v4/future'
import { describe, expect, it } from 'vitest'
import { contactSchema } from './contact'
import { requiredString } from './fields'

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
