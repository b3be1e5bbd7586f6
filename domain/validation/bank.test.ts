import { describe, expect, it } from 'vitest'
import {
  BANK_MESSAGES as M,
  TODOS_LOS_CAMPOS,
  bankDetailsPayloadSchema,
  bankDetailsUpdatePayloadSchema,
  bankFormSchema,
  bankPayloadFromForm,
  bankSelectionSchema,
  receiptInvoiceMismatch,
} from './bank'
import { BLANKS, errorsOf, fieldErrors } from './test-utils'

const bank = {
  name_account: 'Ana Pérez',
  account_number: '000123456789',
  phone: '56987654321',
  email: 'ana.perez@gmail.com',
  bank_name: 'Banco Estado',
  account_type: 'Cuenta Rut',
  receipt_issuance: 'Yo la emito',
  invoice_type: 'Boleta',
  sii_address: 'Av. Libertador 123, Santiago',
}

describe('bankFormSchema', () => {
  it('accepts a valid sample', () => {
    expect(bankFormSchema.parse(bank)).toEqual(bank)
  })

  it('canonicalises the lowercase variants of the edit form', () => {
    const v = bankFormSchema.parse({
      ...bank,
      account_type: 'cuenta corriente',
      invoice_type: 'factura',
      receipt_issuance: 'no emitire boleta, emitire factura',
      bank_name: 'banco itau',
    })
    expect(v).toMatchObject({
      account_type: 'Cuenta Corriente',
      invoice_type: 'Factura',
      receipt_issuance: 'No emitiré boleta, emitiré factura',
      bank_name: 'Banco Itaú',
    })
  })

  describe.each(BLANKS)('required fields with %s', (_, blank) => {
    it.each([
      ['name_account', TODOS_LOS_CAMPOS],
      ['account_number', TODOS_LOS_CAMPOS],
      ['phone', TODOS_LOS_CAMPOS],
      ['email', TODOS_LOS_CAMPOS],
      ['bank_name', TODOS_LOS_CAMPOS],
      ['account_type', TODOS_LOS_CAMPOS],
      ['receipt_issuance', TODOS_LOS_CAMPOS],
      ['invoice_type', TODOS_LOS_CAMPOS],
      ['sii_address', TODOS_LOS_CAMPOS],
    ])('%s -> %s', (field, message) => {
      expect(errorsOf(bankFormSchema, { ...bank, [field]: blank })).toEqual({ [field]: [message] })
    })
  })

  it.each([
    ['name_account', 'x'.repeat(51), ['Máximo 50 caracteres']],
    ['account_number', '12-345', ['Solo se permiten números']],
    ['account_number', '12', ['Mínimo 3 caracteres']],
    ['account_number', '1'.repeat(101), ['Máximo 100 caracteres']],
    ['phone', '5698765432', ['El teléfono debe tener al menos 11 dígitos']],
    ['phone', '569876543210', ['El teléfono no puede tener más de 11 dígitos']],
    ['phone', '56 9876543a', ['El teléfono solo puede contener números']],
    ['phone', '+56 9 8765 432', ['El teléfono debe tener al menos 11 dígitos']],
    ['phone', '56287654321', ['El teléfono debe comenzar con 569']],
    ['phone', '56912345678', ['El teléfono no puede contener secuencias como 0000 o 1234']],
    ['email', 'ana@gmail', ['Correo electrónico inválido']],
    ['email', 'ana+1@gmail.com', ['Correo electrónico inválido']],
    ['email', 'ana@fleeters.cl', ['Correo electrónico inválido']],
    ['email', `${'a'.repeat(71)}@gmail.com`, ['Correo electrónico no puede exceder los 80 caracteres']],
    ['bank_name', 'Banco Inventado', [M.invalidOption]],
    ['account_type', 'Cuenta Bitcoin', [M.invalidOption]],
    ['sii_address', 'x'.repeat(201), ['Máximo 200 caracteres']],
  ])('%s = %j -> %j', (field, value, messages) => {
    expect(fieldErrors(bankFormSchema, { ...bank, [field]: value }, field)).toEqual(messages)
  })

  it('accepts the phone and account number as numbers', () => {
    expect(bankFormSchema.parse({ ...bank, phone: 56987654321, account_number: 123456 })).toMatchObject({
      phone: '56987654321',
      account_number: '123456',
    })
  })

  it.each([
    ['No emitiré boleta, emitiré factura', 'Boleta', 'Para emitir factura, selecciona "Factura" en tipo de documento'],
    ['Emítanla ustedes', 'Factura', 'Para emitir boleta, selecciona "Boleta" en tipo de documento'],
    ['Yo la emito', 'Factura', 'Para emitir boleta, selecciona "Boleta" en tipo de documento'],
  ])('cross-rule: %s with %s', (receipt_issuance, invoice_type, message) => {
    expect(errorsOf(bankFormSchema, { ...bank, receipt_issuance, invoice_type })).toEqual({ invoice_type: [message] })
    expect(receiptInvoiceMismatch(receipt_issuance, invoice_type)).toBe(message)
  })

  it('cross-rule: matching pairs pass', () => {
    expect(
      bankFormSchema.safeParse({
        ...bank,
        receipt_issuance: 'No emitiré boleta, emitiré factura',
        invoice_type: 'Factura',
      }).success,
    ).toBe(true)
    expect(
      bankFormSchema.safeParse({ ...bank, receipt_issuance: 'Emítanla ustedes', invoice_type: 'Boleta' }).success,
    ).toBe(true)
    expect(receiptInvoiceMismatch('x', 'Boleta')).toBeNull()
  })

  // Spec: any empty field at submit shows TODOS_LOS_CAMPOS; the form's schema is what says so.
  it('an empty field at submit is TODOS_LOS_CAMPOS', () => {
    expect(Object.values(errorsOf(bankFormSchema, bank)).flat()).not.toContain(TODOS_LOS_CAMPOS)
    expect(fieldErrors(bankFormSchema, { ...bank, sii_address: ' ' }, 'sii_address')).toEqual([TODOS_LOS_CAMPOS])
    // A form sent with nothing filled in: every field says it.
    expect(new Set(Object.values(errorsOf(bankFormSchema, {})).flat())).toEqual(new Set([TODOS_LOS_CAMPOS]))
  })
})

describe('bank payloads', () => {
  const { name_account, ...rest } = bank
  const payload = { account_holder_name: name_account, ...rest }

  it('add payload uses account_holder_name', () => {
    expect(bankDetailsPayloadSchema.parse(payload)).toEqual(payload)
    expect(errorsOf(bankDetailsPayloadSchema, { ...payload, account_holder_name: null })).toEqual({
      account_holder_name: [TODOS_LOS_CAMPOS],
    })
  })

  // The page sends the payload made from a checked form to the service in process without a second
  // check (services/platform/in-process.ts): the payload schema must accept it, and unchanged.
  it.each([
    ['a plain form', bank],
    [
      'lowercase variants',
      {
        ...bank,
        account_type: 'cuenta corriente',
        invoice_type: 'factura',
        receipt_issuance: 'no emitire boleta, emitire factura',
        bank_name: 'banco itau',
      },
    ],
    ['numbers as numbers', { ...bank, phone: 56987654321, account_number: 123456 }],
    ['spaces around', { ...bank, name_account: '  Ana Pérez  ', sii_address: ' Av. Libertador 123 ' }],
  ])('a payload made from a valid form (%s) is one the payload schema accepts unchanged', (_, form) => {
    const made = bankPayloadFromForm(bankFormSchema.parse(form))
    expect(bankDetailsPayloadSchema.parse(JSON.parse(JSON.stringify(made)))).toEqual(made)
  })

  it('update payload takes only the changed fields', () => {
    expect(bankDetailsUpdatePayloadSchema.parse({ sii_address: 'Nueva 1' })).toEqual({ sii_address: 'Nueva 1' })
    expect(errorsOf(bankDetailsUpdatePayloadSchema, { sii_address: '' })).toEqual({ sii_address: [TODOS_LOS_CAMPOS] })
    expect(errorsOf(bankDetailsUpdatePayloadSchema, { sii_address: null })).toEqual({ sii_address: [TODOS_LOS_CAMPOS] })
    expect(
      errorsOf(bankDetailsUpdatePayloadSchema, { receipt_issuance: 'Yo la emito', invoice_type: 'Factura' }),
    ).toEqual({ invoice_type: [M.needsBoleta] })
    expect(errorsOf(bankDetailsUpdatePayloadSchema, {})).toEqual({ '': [M.noChanges] })
  })

  it('selection', () => {
    expect(bankSelectionSchema.parse({ selected: 'Seleccionado' })).toEqual({ selected: 'Seleccionado' })
    expect(bankSelectionSchema.parse({ selected: 'No Seleccionado' })).toEqual({ selected: 'No Seleccionado' })
    expect(errorsOf(bankSelectionSchema, { selected: 'Sí' })).toEqual({ selected: [M.invalidOption] })
    expect(errorsOf(bankSelectionSchema, {})).toEqual({ selected: [TODOS_LOS_CAMPOS] })
  })
})
