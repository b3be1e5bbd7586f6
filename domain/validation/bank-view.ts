/**
 * What the bank pages show in the browser (messages, masking, completeness), with no zod: the
 * schemas in bank.ts load only when a form is used.
 */
import { isBlank, maxChars, minChars } from './submission'

export const TODOS_LOS_CAMPOS = 'Todos los campos son obligatorios'

export const BANK_MESSAGES = {
  required: TODOS_LOS_CAMPOS,
  holderMax: maxChars(50),
  accountDigits: 'Solo se permiten números',
  accountMin: minChars(3),
  accountMax: maxChars(100),
  phoneRequired: TODOS_LOS_CAMPOS,
  phoneMin: 'El teléfono debe tener al menos 11 dígitos',
  phoneMax: 'El teléfono no puede tener más de 11 dígitos',
  phonePrefix: 'El teléfono debe comenzar con 569',
  emailRequired: TODOS_LOS_CAMPOS,
  emailInvalid: 'Correo electrónico inválido',
  emailMax: 'Correo electrónico no puede exceder los 80 caracteres',
  siiAddressMax: maxChars(200),
  invalidOption: 'Selecciona una opción válida',
  needsFactura: 'Para emitir factura, selecciona "Factura" en tipo de documento',
  needsBoleta: 'Para emitir boleta, selecciona "Boleta" en tipo de documento',
  noChanges: 'No hay cambios para guardar',
} as const

/** Account numbers outside the owner's detail panel: only the last 4 digits. */
export function maskAccountNumber(accountNumber: string): string {
  return accountNumber.length <= 4 ? '••••' : `•••• ${accountNumber.slice(-4)}`
}

export const BANK_DETAIL_FIELDS = [
  'account_number',
  'account_holder_name',
  'bank_name',
  'account_type',
  'invoice_type',
  'receipt_issuance',
] as const

/** Spec §4: edit, delete, toggle and invoice info show only when these six fields are present. */
export function bankDetailComplete(detail: Partial<Record<(typeof BANK_DETAIL_FIELDS)[number], unknown>>): boolean {
  return BANK_DETAIL_FIELDS.every((k) => !isBlank(detail[k]))
}
