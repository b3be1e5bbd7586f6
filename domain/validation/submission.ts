/**
 * Checks the public forms make before validating, with no zod: the pages run them in the browser
 * and must not pull the schemas into their first load.
 */
/**
 * The one message of a required field left empty, in every form (decision 57).
 * Here, with no zod, so the pages and domain/uploads.ts can use it without loading the schemas.
 */
export const CAMPO_REQUERIDO = 'Campo requerido'

/**
 * The terms checkbox left unticked (not a field left blank, decision 57): it names both documents
 * the checkbox accepts (Ley 21.719, decision 74). Here, with no zod, for auth.ts, company.ts and
 * consent.ts alike.
 */
export const ACCEPT_TERMS_MESSAGE = 'Debes aceptar los Términos y condiciones y la Política de privacidad'

export function isBlank(value: unknown): boolean {
  return value == null || (typeof value === 'string' && value.trim() === '')
}

type LooseValues = Record<string, unknown> | null | undefined

/** Spec: the contact submission does nothing when first name, last name, email and message are all empty. */
export function isContactSubmissionEmpty(values: LooseValues): boolean {
  return ['firstName', 'lastName', 'email', 'message'].every((k) => isBlank(values?.[k]))
}

/** Spec: the business contact submission is ignored if all fields are empty. */
export function isBusinessContactSubmissionEmpty(values: LooseValues): boolean {
  return ['fullname', 'name_business', 'email', 'phone', 'message'].every((k) => isBlank(values?.[k]))
}

export const maxChars = (n: number) => `Máximo ${n} caracteres`
export const minChars = (n: number) => `Mínimo ${n} caracteres`
