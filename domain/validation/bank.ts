/** Bank details form (spec §5): fields, the receipt/invoice cross-rule and the payload variants. */
import { BANK_EMAIL_MAX_LENGTH, isValidBankEmail } from '#domain/email'
import {
  BANK_SELECTION_VALUES,
  RECEIPT_ISSUANCE_FACTURA,
  canonicalAccountType,
  canonicalBankName,
  canonicalInvoiceType,
  canonicalReceiptIssuance,
} from '#domain/reference-data/banking'
import { BANK_MESSAGES } from './bank-view'
import {
  canonicalChoice,
  formObject,
  numberToString,
  optionalFields,
  phoneString,
  requiredEnum,
  requiredString,
} from './fields'
import * as z from './zod'

export { BANK_DETAIL_FIELDS, BANK_MESSAGES, bankDetailComplete, maskAccountNumber, TODOS_LOS_CAMPOS } from './bank-view'

const M = BANK_MESSAGES

/** The cross-rule message for a receipt-issuance / invoice-type pair, or null when they agree. */
export function receiptInvoiceMismatch(receiptIssuance: string, invoiceType: string): string | null {
  const receipt = canonicalReceiptIssuance(receiptIssuance)
  const invoice = canonicalInvoiceType(invoiceType)
  if (!receipt || !invoice) return null
  if (receipt === RECEIPT_ISSUANCE_FACTURA) return invoice === 'Factura' ? null : M.needsFactura
  return invoice === 'Boleta' ? null : M.needsBoleta
}

const holder = requiredString(M.required).check(z.maxLength(50, M.holderMax))

const fields = {
  account_number: z.preprocess(
    numberToString,
    requiredString(M.required)
      .check(z.refine((v) => /^\d+$/.test(v), { error: M.accountDigits, abort: true }))
      .check(z.minLength(3, M.accountMin))
      .check(z.maxLength(100, M.accountMax)),
  ),
  // '+56 9 8765 4321' is read as 56987654321 (normalizePhoneInput, numbers included).
  phone: phoneString({
    required: M.phoneRequired,
    min: 11,
    max: 11,
    minMessage: M.phoneMin,
    maxMessage: M.phoneMax,
    prefix: { value: '569', message: M.phonePrefix },
  }),
  email: requiredString(M.emailRequired)
    .check(z.maxLength(BANK_EMAIL_MAX_LENGTH, M.emailMax))
    .check(z.refine(isValidBankEmail, M.emailInvalid)),
  bank_name: canonicalChoice(canonicalBankName, M.required, M.invalidOption),
  account_type: canonicalChoice(canonicalAccountType, M.required, M.invalidOption),
  receipt_issuance: canonicalChoice(canonicalReceiptIssuance, M.required, M.invalidOption),
  invoice_type: canonicalChoice(canonicalInvoiceType, M.required, M.invalidOption),
  sii_address: requiredString(M.required).check(z.maxLength(200, M.siiAddressMax)),
}

function crossRule(value: { receipt_issuance?: string; invoice_type?: string }, ctx: z.core.$RefinementCtx) {
  if (value.receipt_issuance === undefined || value.invoice_type === undefined) return
  const message = receiptInvoiceMismatch(value.receipt_issuance, value.invoice_type)
  if (message) ctx.addIssue({ code: 'custom', message, path: ['invoice_type'] })
}

/** The add/edit form: the holder's name is the field name_account. */
export const bankFormSchema = formObject({ name_account: holder, ...fields }).check(z.superRefine(crossRule))
export type BankFormValues = z.infer<typeof bankFormSchema>

/** POST /users/bank-details/add-bank-details body: name_account is sent as account_holder_name. */
export const bankDetailsPayloadSchema = formObject({ account_holder_name: holder, ...fields }).check(
  z.superRefine(crossRule),
)
export type BankDetailsPayload = z.infer<typeof bankDetailsPayloadSchema>

/**
 * PUT /users/bank-details/update-bank-details/{id}: only the changed fields. Fields present are
 * validated like in the add form (a present-but-empty field is "required"); the cross-rule applies
 * when both halves are sent; the service checks it against the stored values otherwise.
 */
export const bankDetailsUpdatePayloadSchema = formObject(optionalFields({ account_holder_name: holder, ...fields }))
  .check(z.superRefine(crossRule))
  .check(z.refine((v) => Object.values(v).some((x) => x !== undefined), { error: M.noChanges }))
export type BankDetailsUpdatePayload = z.infer<typeof bankDetailsUpdatePayloadSchema>

/** PUT /users/bank-details/change-select-bank/{id} {selected}. */
export const bankSelectionSchema = formObject({
  selected: requiredEnum(BANK_SELECTION_VALUES, M.required, M.invalidOption),
})
export type BankSelectionValues = z.infer<typeof bankSelectionSchema>

/** The form's name_account goes out as account_holder_name (spec §3). */
export function bankPayloadFromForm(values: BankFormValues): BankDetailsPayload {
  const { name_account, ...rest } = values
  return { account_holder_name: name_account, ...rest }
}

const PAYLOAD_FIELDS = [
  'account_holder_name',
  'account_number',
  'phone',
  'email',
  'bank_name',
  'account_type',
  'receipt_issuance',
  'invoice_type',
  'sii_address',
] as const

/** Spec §5: the edit form sends only the fields that changed (an empty object when none did). */
export function changedBankFields(
  loaded: Record<string, unknown>,
  next: BankDetailsPayload,
): Partial<BankDetailsPayload> {
  const out: Partial<Record<(typeof PAYLOAD_FIELDS)[number], string>> = {}
  for (const key of PAYLOAD_FIELDS) {
    if (String(loaded[key] ?? '').trim() !== String(next[key] ?? '').trim()) out[key] = next[key]
  }
  return out as Partial<BankDetailsPayload>
}
