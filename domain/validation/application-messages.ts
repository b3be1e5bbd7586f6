/**
 * A message of an application's thread between the company and the driver (decision 105): text
 * only, up to 2.000 characters, never HTML (the screens render it as text). Apart from the other
 * marketplace schemas so the pages that send one load only this.
 */
import { CAMPO_REQUERIDO, requiredString } from './fields'
import * as z from './zod'

export const THREAD_MESSAGE_MAX = 2000

export const THREAD_MESSAGES = {
  required: CAMPO_REQUERIDO,
  tooLong: 'El mensaje no puede superar los 2.000 caracteres',
  sent: 'Mensaje enviado.',
  driverFirst: 'Podrás responder cuando la empresa te escriba.',
} as const

export const threadMessageSchema = /*#__PURE__*/ (() =>
  z.object(
    { body: requiredString(THREAD_MESSAGES.required).check(z.maxLength(THREAD_MESSAGE_MAX, THREAD_MESSAGES.tooLong)) },
    { error: 'Datos inválidos' },
  ))()
