/** «Eliminar mi cuenta», «Pausar mi perfil» and the opt-out (decision 76). */
import { CAMPO_REQUERIDO, formObject, requiredRawString } from './fields'
import * as z from './zod'

export const ACCOUNT_CLOSURE_MESSAGES = {
  passwordRequired: CAMPO_REQUERIDO,
  confirmRequired: 'Marca la casilla para confirmar que quieres eliminar tu cuenta.',
} as const

const M = ACCOUNT_CLOSURE_MESSAGES

/** The deletion form (conform): the password and an explicit confirmation. */
export const deleteAccountSchema = formObject({
  password: requiredRawString(M.passwordRequired),
  confirm: z.literal('on', { error: M.confirmRequired }),
})

/** What POST /auth/delete-account/{user|business} receives. */
export const deleteAccountPayloadSchema = formObject({ current_password: requiredRawString(M.passwordRequired) })

/** POST /auth/pause/user: pause (true) or resume (false) the driver's profile. */
export const pausePayloadSchema = formObject({ paused: z.boolean() })
/** POST /auth/opt-out/{user|business}: stop (true) or allow again (false) non-essential mails. */
export const optOutPayloadSchema = formObject({ opted_out: z.boolean() })
