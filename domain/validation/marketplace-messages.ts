/**
 * Every message of the marketplace's forms, in one object for the services and the tests. The
 * pages never import it: each form's schema module has its own (marketplace.ts: POSTING_MESSAGES,
 * company.ts: COMPANY_MESSAGES, applicant-email.ts: APPLICANT_EMAIL_MESSAGES), so a page loads
 * the messages of its own form only.
 */
import { APPLICANT_EMAIL_MESSAGES } from './applicant-email'
import { COMPANY_MESSAGES } from './company'
import { POSTING_MESSAGES } from './marketplace'

export const MARKETPLACE_MESSAGES = { ...POSTING_MESSAGES, ...COMPANY_MESSAGES, ...APPLICANT_EMAIL_MESSAGES } as const
