/**
 * Accepting a new version of the Términos y condiciones or the Política de privacidad from the
 * signed-in areas (Ley 21.719, decision 74). The person says yes; which versions are recorded is
 * the service's to decide (the ones in force), never the form's.
 */
import { formObject } from './fields'
import { ACCEPT_TERMS_MESSAGE } from './submission'
import * as z from './zod'

/**
 * POST /auth/consents/{user|business} and the acceptance page's form («Aceptar» sends 'on'). Built
 * under a `#__PURE__` mark, so the page's client bundle (which imports it for its action) has no zod.
 */
export const consentAcceptanceSchema = /*#__PURE__*/ (() =>
  formObject({ acceptTerms: z.literal(true, { error: ACCEPT_TERMS_MESSAGE }) }))()
export type ConsentAcceptance = z.infer<typeof consentAcceptanceSchema>
