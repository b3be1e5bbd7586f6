/**
 * Every phone input of the product reads what people type — spaces, dashes,
 * parentheses, a leading +56 — through one function (normalizePhoneInput) before its own rule.
 * Each schema is the one the browser, the page action and the service all run.
 */
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { schedules, vehicles, zones } from '#domain/reference-data'
import { driverRegistrationPayloadSchema, driverRegistrationSchema, validatePhoneSchema } from './auth'
import { bankDetailsPayloadSchema, bankFormSchema } from './bank'
import { companyRegistrationPayloadSchema } from './company'
import { complaintSchema } from './complaint'
import { businessContactSchema, contactSchema, createFleetRequestSchema } from './contact'
import { powerOwnerSchema } from './power'
import { profileSchema } from './profile'

type Shaped = { shape: Record<string, z.ZodType> }
const field = (schema: unknown, name: string) => (schema as Shaped).shape[name]!

/** [where, typed, stored, the field's schema] */
const CASES: Array<[string, string, string, z.ZodType]> = [
  ['driver registration', '+56 9 8765 4321', '56987654321', field(driverRegistrationSchema, 'phone')],
  ['driver registration (service)', '(9) 8765-4321', '56987654321', field(driverRegistrationPayloadSchema, 'phone')],
  ['phone uniqueness check', '+56-9-8765-4321', '56987654321', field(validatePhoneSchema, 'phone')],
  ['driver profile', '+56 9 8765 4321', '56987654321', field(profileSchema, 'phone')],
  ['bank account', '+56 9 8765 4321', '56987654321', field(bankFormSchema, 'phone')],
  ['bank account (service)', '56 9 8765-4321', '56987654321', field(bankDetailsPayloadSchema, 'phone')],
  ['contact', '+56 9 8765 4321', '56987654321', field(contactSchema, 'phone')],
  ['business contact', '(2) 2876-5432', '228765432', field(businessContactSchema, 'phone')],
  ['complaint', '+56 9 8765 4321', '56987654321', field(complaintSchema, 'phone')],
  [
    'fleet request',
    '+56 2 2876 5432',
    '56228765432',
    field(createFleetRequestSchema({ vehicles, schedules, zones }), 'phone'),
  ],
  ['company registration', '+56 2 2876 5432', '56228765432', field(companyRegistrationPayloadSchema, 'phone')],
  ['simple power owner', '+56 9 8765 4321', '987654321', field(powerOwnerSchema, 'phoneOwner')],
]

describe('every phone field reads spaces, dashes, parentheses and a leading +56', () => {
  it.each(CASES)('%s: %j is stored as %j', (_, typed, stored, schema) => {
    const result = schema.safeParse(typed)
    expect(result.error?.issues.map((i) => i.message) ?? []).toEqual([])
    expect(result.data).toBe(stored)
  })
  it.each(CASES)('%s: a letter is still refused', (_, _typed, _stored, schema) => {
    expect(schema.safeParse('9876a4321').success).toBe(false)
  })
})
