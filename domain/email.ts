/**
 * E-mail patterns used by the forms. The "blocked company word" of the spec is the product's own
 * name: addresses whose domain contains it are rejected where the spec says so (bank details and
 * simple-power owner), so nobody enters a Fleeters staff address as their own.
 */

export const BLOCKED_EMAIL_DOMAIN_WORD = 'fleeters'

/** Any reasonable address: local part, one or more domain labels, a TLD of 2+ letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/
/** Contact forms: same shape with a 2 to 4 letter ending. */
export const CONTACT_EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,4}$/
/** Bank form: only letters, digits and @ . _ -, with a 2 to 6 letter ending. */
export const BANK_EMAIL_PATTERN = /^[A-Za-z0-9._-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,6}$/
/** Characters allowed in the bank and owner e-mails. */
export const RESTRICTED_EMAIL_CHARACTERS = /^[A-Za-z0-9@._-]*$/

export const EMAIL_MAX_LENGTH = 254
export const BANK_EMAIL_MAX_LENGTH = 80
export const OWNER_EMAIL_MAX_LENGTH = 70

/** The part after the last '@', lowercased ('' when there is none). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@')
  return at === -1 ? '' : email.slice(at + 1).toLowerCase()
}

/** True when the domain contains the product's own name ('x@fleeters.cl', 'x@mail.FLEETERS.com'). */
export function emailDomainIsBlocked(email: string): boolean {
  return emailDomain(email).includes(BLOCKED_EMAIL_DOMAIN_WORD)
}

export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email)
}

export function isValidContactEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && CONTACT_EMAIL_PATTERN.test(email)
}

/** Pattern, allowed characters and blocked domain (the length limit is checked separately). */
export function isValidBankEmail(email: string): boolean {
  return RESTRICTED_EMAIL_CHARACTERS.test(email) && BANK_EMAIL_PATTERN.test(email) && !emailDomainIsBlocked(email)
}

/** The simple-power owner's: the bank form's pattern, allowed characters and blocked domain (length apart). */
export function isValidOwnerEmail(email: string): boolean {
  return RESTRICTED_EMAIL_CHARACTERS.test(email) && BANK_EMAIL_PATTERN.test(email) && !emailDomainIsBlocked(email)
}
