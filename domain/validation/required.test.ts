/**
 * One required-field message across all forms (decision 57): every schema the forms and services
 * use, walked with empty input, answers CAMPO_REQUERIDO for each empty field. The few exceptions
 * are not a field left blank: the terms checkbox (a consent), hidden references (a broken link or a
 * posting id) and pressed buttons' values, the bank form (spec §5: its one alert, «Todos los campos
 * son obligatorios») and the console's reason prompts (they say what the reason is for).
 */
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import * as admin from './admin'
import { ADMIN_MESSAGES } from './admin-constants'
import * as forms from './index'
import { AUTH_MESSAGES, CAMPO_REQUERIDO, INVALID_VALUE, MARKETPLACE_MESSAGES, TODOS_LOS_CAMPOS } from './index'

type Schema = z.ZodType

const isSchema = (value: unknown): value is Schema =>
  typeof (value as { safeParseAsync?: unknown } | null)?.safeParseAsync === 'function'

/** The message an empty field gives instead of CAMPO_REQUERIDO, by field name. */
const FIELD_EXCEPTIONS: Record<string, string> = {
  acceptTerms: AUTH_MESSAGES.acceptTerms,
  token: AUTH_MESSAGES.tokenRequired,
  id_publication: MARKETPLACE_MESSAGES.posting,
  // The value of the button pressed, never typed.
  decision: INVALID_VALUE,
  direction: INVALID_VALUE,
  verified: INVALID_VALUE,
  // The ids of the applications the page showed, sent by the page, never typed.
  applications: MARKETPLACE_MESSAGES.invalidOption,
  // A bulk move with nothing ticked: the person chose no applicant.
  'applicantsBulkStatusSchema.applications': MARKETPLACE_MESSAGES.bulkNone,
}
const SCHEMA_EXCEPTIONS: Record<string, string> = {
  bankFormSchema: TODOS_LOS_CAMPOS,
  bankDetailsPayloadSchema: TODOS_LOS_CAMPOS,
  bankSelectionSchema: TODOS_LOS_CAMPOS,
  documentReviewSchema: ADMIN_MESSAGES.reasonRequired,
  postingCloseSchema: ADMIN_MESSAGES.closeReasonRequired,
}

async function fieldIssues(schema: Schema, input: unknown): Promise<Array<[field: string, message: string]>> {
  const result = await schema.safeParseAsync(input)
  if (result.success) return []
  return result.error.issues.filter((i) => i.path.length > 0).map((i) => [String(i.path[0]), i.message])
}

const schemas: Array<[string, Schema]> = [...Object.entries(forms), ...Object.entries(admin)].flatMap(
  ([name, value]: [string, unknown]) => (isSchema(value) ? [[name, value] as [string, Schema]] : []),
)

describe('one required-field message', () => {
  it('walks the schemas of every form', () => {
    // The index's forms (auth, bank, contact, experience, power, profile, marketplace) and the console's.
    expect(schemas.length).toBeGreaterThanOrEqual(40)
  })

  it.each(schemas)('%s: every empty field says «Campo requerido»', async (name, schema) => {
    const missing = await fieldIssues(schema, {})
    const fields = [...new Set(missing.map(([field]) => field))]
    // Absent, empty and whitespace-only fields alike (conform sends undefined, JSON bodies '' or null).
    const blank = await fieldIssues(schema, Object.fromEntries(fields.map((f) => [f, ''])))
    const spaces = await fieldIssues(schema, Object.fromEntries(fields.map((f) => [f, '   '])))
    const nulls = await fieldIssues(schema, Object.fromEntries(fields.map((f) => [f, null])))
    for (const [field, message] of [...missing, ...blank, ...spaces, ...nulls]) {
      const expected =
        FIELD_EXCEPTIONS[`${name}.${field}`] ?? FIELD_EXCEPTIONS[field] ?? SCHEMA_EXCEPTIONS[name] ?? CAMPO_REQUERIDO
      expect({ schema: name, field, message }).toEqual({ schema: name, field, message: expected })
    }
  })

  it('single required fields say it too', async () => {
    for (const field of [forms.passwordField, forms.chileanMobileField, forms.licensePlateField]) {
      for (const empty of ['', '  '])
        expect((await field.safeParseAsync(empty)).error?.issues[0]?.message).toBe(CAMPO_REQUERIDO)
    }
  })

  it('is the only required text left in the messages', () => {
    const texts = [
      AUTH_MESSAGES,
      MARKETPLACE_MESSAGES,
      forms.CONTACT_MESSAGES,
      forms.COMPLAINT_MESSAGES,
      forms.POWER_MESSAGES,
      forms.BANK_MESSAGES,
    ]
      .flatMap((m) => Object.values(m))
      .filter((v): v is string => typeof v === 'string')
    const other = texts.filter((t) => /requerid|obligatori/i.test(t) && t !== CAMPO_REQUERIDO && t !== TODOS_LOS_CAMPOS)
    expect(other).toEqual([])
  })
})
