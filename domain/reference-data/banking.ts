/** Bank-details reference data. */

export const ACCOUNT_TYPES = ['Cuenta Corriente', 'Cuenta Vista', 'Cuenta de Ahorro', 'Cuenta Rut'] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

export const INVOICE_TYPES = ['Boleta', 'Factura'] as const
export type InvoiceType = (typeof INVOICE_TYPES)[number]

export const RECEIPT_ISSUANCE_FACTURA = 'No emitiré boleta, emitiré factura'
export const RECEIPT_ISSUANCE_OPTIONS = [RECEIPT_ISSUANCE_FACTURA, 'Emítanla ustedes', 'Yo la emito'] as const
export type ReceiptIssuance = (typeof RECEIPT_ISSUANCE_OPTIONS)[number]

/** The invoice type each receipt-issuance option requires. */
export function requiredInvoiceType(receipt: ReceiptIssuance): InvoiceType {
  return receipt === RECEIPT_ISSUANCE_FACTURA ? 'Factura' : 'Boleta'
}

export const BANK_SELECTED = 'Seleccionado'
export const BANK_NOT_SELECTED = 'No Seleccionado'
export const BANK_SELECTION_VALUES = [BANK_SELECTED, BANK_NOT_SELECTED] as const

/** The 19 banks, in the spec's order. */
export const BANKS = [
  'Banco de Chile',
  'Banco Estado',
  'Banco Falabella',
  'Banco Santander',
  'Banco Itaú',
  'Banco BCI',
  'Banco Scotiabank',
  'Banco Security',
  'Banco Ripley',
  'Banco Consorcio',
  'Banco BBVA',
  'Banco Internacional',
  'Banco Edwards',
  'Banco de Crédito e Inversiones',
  'Banco Prepago Tenpo',
  'Prepago Los Heroes',
  'Banco BCI Mach',
  'Copec Pay',
  'Mercado Pago',
] as const
export type BankName = (typeof BANKS)[number]

const fold = (s: string) =>
  s
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

function canonical<T extends string>(list: readonly T[], value: string): T | undefined {
  const key = fold(value)
  return list.find((v) => fold(v) === key)
}

/** 'cuenta corriente' (the edit form's lowercase variant) -> 'Cuenta Corriente'. */
export function canonicalAccountType(value: string): AccountType | undefined {
  return canonical(ACCOUNT_TYPES, value)
}
export function canonicalBankName(value: string): BankName | undefined {
  return canonical(BANKS, value)
}
export function canonicalInvoiceType(value: string): InvoiceType | undefined {
  return canonical(INVOICE_TYPES, value)
}
export function canonicalReceiptIssuance(value: string): ReceiptIssuance | undefined {
  return canonical(RECEIPT_ISSUANCE_OPTIONS, value)
}
