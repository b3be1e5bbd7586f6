/**
 * Building blocks shared by the schemas. They are used by conform's parseWithZod (empty form fields
 * arrive as undefined) and by the services on JSON bodies (a missing field may be undefined, null
 * or ''), so every required field answers its own Spanish message for undefined, null, '' and
 * whitespace-only input, never zod's English default.
 *
 * Format rules are written with refine (not regex) on purpose: conform turns `.regex()` into an
 * HTML `pattern` attribute, which would reject raw input that the schema accepts after
 * normalising (dotted RUTs, lowercase plates).
 */
import { hasForbiddenSequence, isDigitsOnly, normalizePhoneInput } from '#domain/phone'
import { isBlank, maxChars, minChars } from './submission'
import * as z from './zod'

/** Body that is not an object at all. */
export const INVALID_DATA = 'Datos inválidos'
/** A value of the wrong type (e.g. a number where text is expected). */
export const INVALID_VALUE = 'Valor inválido'
export { CAMPO_REQUERIDO } from './submission'
export const FORBIDDEN_SEQUENCE_MESSAGE = 'El teléfono no puede contener secuencias como 0000 o 1234'
export const DIGITS_ONLY_MESSAGE = 'El teléfono solo puede contener números'
/** Text with control characters (a NUL byte, escape sequences…): no field accepts them. */
export const CONTROL_CHARACTERS_MESSAGE = 'El texto contiene caracteres no permitidos'

/**
 * C0 control characters except tab, line feed and carriage return (textareas send those), and
 * DEL. PostgreSQL cannot store a NUL byte at all; the others have no place in any field either.
 */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value)
}

/** Any text of a schema: refuses control characters with the shared Spanish message. */
export function plainText(message: string = INVALID_VALUE) {
  return z
    .string({ error: message })
    .check(z.refine((v) => !hasControlCharacters(v), { error: CONTROL_CHARACTERS_MESSAGE, abort: true }))
}

export { maxChars, minChars } from './submission'

export { isBlank } from './submission'

/** Top-level object schema whose "not an object" error is Spanish too. */
export function formObject<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.object(shape, { error: INVALID_DATA })
}

/**
 * The same fields, each optional (what classic zod's `.partial()` does to an object's shape, here
 * as a function zod/mini has too: domain/validation/zod.ts).
 */
export function optionalFields<T extends z.core.$ZodLooseShape>(shape: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, z.optional(schema)])) as {
    [K in keyof T]: z.ZodOptional<T[K]>
  }
}

/** Trimmed, non-empty string; undefined, null, '' and whitespace give `requiredMessage`. */
export function requiredString(requiredMessage: string) {
  return z.string({ error: (iss) => (iss.input == null ? requiredMessage : INVALID_VALUE) }).check(
    z.trim(),
    z.minLength(1, { error: requiredMessage, abort: true }),
    z.refine((v) => !hasControlCharacters(v), { error: CONTROL_CHARACTERS_MESSAGE, abort: true }),
  )
}

/** Like requiredString but the value is kept as typed (passwords): whitespace-only is still "required". */
export function requiredRawString(requiredMessage: string) {
  return z.string({ error: (iss) => (iss.input == null ? requiredMessage : INVALID_VALUE) }).check(
    z.refine((v) => v.trim().length > 0, { error: requiredMessage, abort: true }),
    z.refine((v) => !hasControlCharacters(v), { error: CONTROL_CHARACTERS_MESSAGE, abort: true }),
  )
}

/** Optional trimmed text with a maximum; undefined, null and '' become ''. */
export function optionalString(max: number, maxMessage: string = maxChars(max)) {
  const text = z.string({ error: INVALID_VALUE }).check(
    z.trim(),
    z.refine((v) => !hasControlCharacters(v), { error: CONTROL_CHARACTERS_MESSAGE, abort: true }),
    z.maxLength(max, maxMessage),
  )
  return z.pipe(
    z.optional(z.nullable(text)),
    z.transform((v: string | null | undefined) => v ?? ''),
  )
}

/** Required text with min/max lengths counted after trimming. */
export function boundedString(
  requiredMessage: string,
  min: number,
  max: number,
  messages: { min?: string; max?: string } = {},
) {
  let s = requiredString(requiredMessage)
  if (min > 1) s = s.check(z.minLength(min, messages.min ?? minChars(min)))
  return s.check(z.maxLength(max, messages.max ?? maxChars(max)))
}

/** One of `values`; blank gives `requiredMessage`, anything else outside the list `invalidMessage`. */
export function requiredEnum<const T extends readonly [string, ...string[]]>(
  values: T,
  requiredMessage: string,
  invalidMessage = INVALID_VALUE,
) {
  return z.enum(values, { error: (iss) => (isBlank(iss.input) ? requiredMessage : invalidMessage) })
}

/**
 * A value chosen from a list, matched ignoring case, accents and surrounding spaces, and returned
 * in its canonical spelling ('cuenta corriente' -> 'Cuenta Corriente').
 */
export function canonicalChoice<T extends string>(
  canonical: (value: string) => T | undefined,
  requiredMessage: string,
  invalidMessage = INVALID_VALUE,
) {
  return z.pipe(
    requiredString(requiredMessage).check(z.refine((v) => canonical(v) !== undefined, { error: invalidMessage })),
    z.transform((v: string) => canonical(v) as T),
  )
}

/** Numbers (JSON bodies may send a phone as a number) become digit strings; other values pass. */
export function numberToString(value: unknown): unknown {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value
}

export interface PhoneRules {
  required: string
  min: number
  max: number
  minMessage: string
  maxMessage: string
  digitsMessage?: string
  /** Prefix the number must start with, and its message. */
  prefix?: { value: string; message: string }
  /** Reject 0000 and 1234 (default true). */
  forbidSequences?: boolean
}

/**
 * Required phone: what was typed is first read as digits (`normalize`, normalizePhoneInput by
 * default: spaces, dashes, parentheses and a leading + go), then digits only (checked first),
 * length, prefix and forbidden sequences; the value is the digit string.
 */
export function phoneString(rules: PhoneRules, normalize: (value: unknown) => unknown = normalizePhoneInput) {
  let s = requiredString(rules.required).check(
    z.refine(isDigitsOnly, { error: rules.digitsMessage ?? DIGITS_ONLY_MESSAGE, abort: true }),
    z.minLength(rules.min, rules.minMessage),
    z.maxLength(rules.max, rules.maxMessage),
  )
  const prefix = rules.prefix
  if (prefix) s = s.check(z.refine((v) => v.startsWith(prefix.value), prefix.message))
  if (rules.forbidSequences !== false)
    s = s.check(z.refine((v) => !hasForbiddenSequence(v), FORBIDDEN_SEQUENCE_MESSAGE))
  return z.preprocess(normalize, s)
}

/** True for 'yyyy-mm-dd' naming a real calendar day. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(y, mo - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
}

export function isoDateString(requiredMessage: string, invalidMessage: string) {
  return requiredString(requiredMessage).check(z.refine(isIsoDate, invalidMessage))
}

/** File-like value (File in browsers and Node ≥ 20, or anything with name/size/type). */
export interface FileLike {
  name: string
  size: number
  type: string
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot === -1 ? '' : name.slice(dot).toLowerCase()
}

/** Accepted when the MIME type or, if the browser gave none, the extension is in the lists. */
export function fileTypeAllowed(file: FileLike, mimeTypes: readonly string[], extensions: readonly string[]): boolean {
  if (file.type) return mimeTypes.includes(file.type.toLowerCase())
  return extensions.includes(extensionOf(file.name))
}

export interface ImageFileRules {
  required: string
  maxBytes: number
  tooLarge: string
  invalidType: string
  mimeTypes: readonly string[]
  extensions: readonly string[]
}

/** Required uploaded image (conform turns an empty file input into undefined). */
export function imageFile(rules: ImageFileRules) {
  return z.file({ error: rules.required }).check(
    z.refine((f) => f.size > 0, { error: rules.required, abort: true }),
    z.refine((f) => fileTypeAllowed(f, rules.mimeTypes, rules.extensions), { error: rules.invalidType, abort: true }),
    z.refine((f) => f.size <= rules.maxBytes, rules.tooLarge),
  )
}
