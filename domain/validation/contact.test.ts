import { describe, expect, it } from 'vitest'
import { COMPLAINT_MESSAGES as C, complaintSchema } from './complaint'
import {
  CONTACT_MESSAGES as M,
  businessContactSchema,
  contactSchema,
  isBusinessContactSubmissionEmpty,
  isContactSubmissionEmpty,
} from './contact'
import { INVALID_DATA } from './fields'
import { BLANKS, errorsOf, fieldErrors } from './test-utils'

const contact = {
  firstName: 'Ana',
  lastName: 'Pérez',
  email: 'ana@gmail.com',
  phone: '987654321',
  message: 'Hola, quiero más información.',
}

describe('contactSchema', () => {
  it('accepts a valid sample and trims', () => {
    expect(contactSchema.parse({ ...contact, firstName: '  Ana ' })).toEqual(contact)
  })

  it('answers Spanish for a body that is not an object', () => {
    expect(errorsOf(contactSchema, 'x')).toEqual({ '': [INVALID_DATA] })
  })

  describe.each(BLANKS)('required fields with %s', (_, blank) => {
    it.each([
      ['firstName', M.required],
      ['lastName', M.required],
      ['email', M.required],
      ['phone', M.phoneRequired],
      ['message', M.required],
    ])('%s -> %s', (field, message) => {
      expect(errorsOf(contactSchema, { ...contact, [field]: blank })).toEqual({ [field]: [message] })
    })
  })

  it.each([
    ['lastName', 'x'.repeat(51), 'Máximo 50 caracteres'],
    ['email', 'ana@gmail', M.email],
    ['email', 'ana@gmail.comercial', M.email],
    ['phone', '9876543210123456', 'Máximo 15 caracteres'],
    ['phone', '98765432', 'Mínimo 9 caracteres'],
    ['phone', '98765432a', 'El teléfono solo puede contener números'],
    ['phone', '+56 98765432a', 'El teléfono solo puede contener números'],
    ['phone', '98+7654321', 'El teléfono solo puede contener números'],
    ['phone', '912340000', 'El teléfono no puede contener secuencias como 0000 o 1234'],
    ['message', 'Hola', 'El mensaje debe tener al menos 10 caracteres'],
    ['message', 'x'.repeat(501), 'El mensaje no puede superar los 500 caracteres'],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(fieldErrors(contactSchema, { ...contact, [field]: value }, field)).toContain(message)
  })

  it('accepts the boundaries', () => {
    expect(
      contactSchema.safeParse({
        ...contact,
        lastName: 'x'.repeat(50),
        phone: '987654321987654',
        message: 'x'.repeat(500),
      }).success,
    ).toBe(true)
    expect(contactSchema.safeParse({ ...contact, message: 'x'.repeat(10) }).success).toBe(true)
  })

  it('isContactSubmissionEmpty', () => {
    expect(
      isContactSubmissionEmpty({ firstName: '', lastName: ' ', email: undefined, message: null, phone: '987654321' }),
    ).toBe(true)
    expect(isContactSubmissionEmpty(undefined)).toBe(true)
    expect(isContactSubmissionEmpty({ firstName: 'Ana' })).toBe(false)
  })
})

const business = {
  fullname: 'Ana Pérez',
  name_business: 'Transportes Andes',
  email: 'ana@andes.cl',
  phone: '22876543',
  message: 'Necesitamos 5 conductores.',
}

describe('businessContactSchema', () => {
  it('accepts a valid sample', () => {
    expect(businessContactSchema.parse(business)).toEqual(business)
  })

  describe.each(BLANKS)('required fields with %s', (_, blank) => {
    it.each([
      ['fullname', M.required],
      ['name_business', M.required],
      ['email', M.required],
      ['phone', M.phoneRequired],
      ['message', M.required],
    ])('%s -> %s', (field, message) => {
      expect(errorsOf(businessContactSchema, { ...business, [field]: blank })).toEqual({ [field]: [message] })
    })
  })

  it.each([
    ['name_business', 'x'.repeat(51), 'Máximo 50 caracteres'],
    ['email', 'ana@andes.chile', M.email],
    ['phone', '2287654', 'Mínimo 8 caracteres'],
    ['phone', '9876543210123456', 'Máximo 15 caracteres'],
    ['phone', '22-87654x', 'El teléfono solo puede contener números'],
    ['phone', '22870000', 'El teléfono no puede contener secuencias como 0000 o 1234'],
    ['message', 'corto', 'El mensaje debe tener al menos 10 caracteres'],
    ['message', 'x'.repeat(1001), 'El mensaje no puede superar los 1000 caracteres'],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(fieldErrors(businessContactSchema, { ...business, [field]: value }, field)).toContain(message)
  })

  it('accepts a 1000-character message', () => {
    expect(businessContactSchema.safeParse({ ...business, message: 'x'.repeat(1000) }).success).toBe(true)
  })

  it('isBusinessContactSubmissionEmpty', () => {
    expect(isBusinessContactSubmissionEmpty({})).toBe(true)
    expect(isBusinessContactSubmissionEmpty({ phone: '22876543' })).toBe(false)
  })
})

const inquiry = {
  name: 'Ana',
  phone: '987654321',
  email: 'ana@gmail.com',
  message: '¿Cuándo pagan?',
  type: 'Inquiries',
}
const complaint = { ...inquiry, type: 'Complaints', selectedComplainsType: 'DEMORA_EN_LA_ENTREGA' }

describe('complaintSchema', () => {
  it('accepts an inquiry without a complaint type and a complaint with one', () => {
    expect(complaintSchema.parse(inquiry)).toEqual(inquiry)
    expect(complaintSchema.parse({ ...inquiry, selectedComplainsType: null }).selectedComplainsType).toBeNull()
    expect(complaintSchema.parse(complaint)).toEqual(complaint)
  })

  describe.each(BLANKS)('required fields with %s', (_, blank) => {
    it.each(['name', 'phone', 'email', 'message', 'type'])('%s -> Campo requerido', (field) => {
      expect(errorsOf(complaintSchema, { ...complaint, [field]: blank })).toEqual({ [field]: [C.required] })
    })
    it('selectedComplainsType is required for a complaint', () => {
      expect(errorsOf(complaintSchema, { ...complaint, selectedComplainsType: blank })).toEqual({
        selectedComplainsType: [C.required],
      })
    })
  })

  it.each([
    ['name', 'x'.repeat(101), 'El nombre debe tener menos de 100 caracteres'],
    ['phone', '9876543210123456', 'Por favor, introduce un número de teléfono válido de hasta 15 dígitos'],
    ['phone', '98765#4321', 'Por favor, introduce un número de teléfono válido de hasta 15 dígitos'],
    ['phone', '98765432', 'El número de teléfono debe tener al menos 9 dígitos'],
    ['email', 'ana@', 'Por favor, introduce un correo electrónico válido'],
    ['message', 'x'.repeat(1501), 'El mensaje debe tener menos de 1500 caracteres'],
    ['type', 'Otro', C.invalidType],
    ['selectedComplainsType', 'CHOQUE', C.invalidComplaintType],
  ])('%s = %j -> %s', (field, value, message) => {
    expect(fieldErrors(complaintSchema, { ...complaint, [field]: value }, field)).toEqual([message])
  })

  it('accepts every complaint type', () => {
    for (const t of [
      'PAGO',
      'MAL_SERVICIO',
      'FALTA_DE_RUTA',
      'ROBO',
      'DEMORA_EN_LA_ENTREGA',
      'CARGA_INCORRECTA',
      'TRATO_DEL_PERSONAL',
      'OTRO',
    ]) {
      expect(complaintSchema.safeParse({ ...complaint, selectedComplainsType: t }).success).toBe(true)
    }
  })
})
