/**
 * The schemas as the web app uses them: conform's parseWithZod on FormData (empty fields become
 * undefined, checkboxes 'on') and getZodConstraint for the HTML attributes.
 */
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  driverRegistrationSchema,
  emailCodeSchema,
  loginSchema,
  resetPasswordConfirmSchema,
  resetPasswordRequestSchema,
} from './auth'
import { bankFormSchema } from './bank'
import { complaintSchema } from './complaint'
import { businessContactSchema, contactSchema } from './contact'
import { experienceSchema } from './experience'
import { powerDriverSchema, powerOwnerFormSchema } from './power'
import { profileSchema } from './profile'
import { profileImageSchema } from './profile-image'
import { toFormData } from './test-utils'

/** The submission flattened to status, value and field errors. */
function parse(formData: FormData, schema: z.ZodType) {
  const s = parseWithZod(formData, { schema })
  return s.status === 'success'
    ? { status: s.status, value: s.value as unknown, error: undefined }
    : { status: s.status, value: undefined, error: s.error ?? undefined }
}

function submit(schema: z.ZodType, values: Record<string, unknown>) {
  return parse(toFormData(values), schema)
}

const ALL: Array<[string, z.ZodType]> = [
  ['contact', contactSchema],
  ['businessContact', businessContactSchema],
  ['complaint', complaintSchema],
  ['driverRegistration', driverRegistrationSchema],
  ['login', loginSchema],
  ['resetPasswordRequest', resetPasswordRequestSchema],
  ['resetPasswordConfirm', resetPasswordConfirmSchema],
  ['emailCode', emailCodeSchema],
  ['profile', profileSchema],
  ['profileImage', profileImageSchema],
  ['experience', experienceSchema],
  ['bankForm', bankFormSchema],
  ['powerDriver', powerDriverSchema],
  ['powerOwnerForm', powerOwnerFormSchema],
]

describe('conform', () => {
  it.each(ALL)('%s: an empty form only gives Spanish messages', (_, schema) => {
    const submission = submit(schema, {})
    expect(submission.status).toBe('error')
    const messages = Object.values(submission.error ?? {}).flat()
    expect(messages.length).toBeGreaterThan(0)
    for (const m of messages) expect(m).not.toMatch(/Invalid|Expected|Required|received/)
  })

  // A pattern would make the browser reject raw input the schema accepts after normalising
  // (dotted RUTs, lowercase plates); only the fixed lists of enums get one.
  const ENUM_FIELDS = ['type', 'selectedComplainsType', 'typeEmployment']
  it.each(ALL)('%s: getZodConstraint works and sets patterns only on enums', (_, schema) => {
    const constraint = getZodConstraint(schema)
    for (const [name, c] of Object.entries(constraint)) {
      if (!ENUM_FIELDS.includes(name)) expect(c?.pattern).toBeUndefined()
    }
  })

  it('constraints: required reaches the HTML attributes', () => {
    expect(getZodConstraint(contactSchema).lastName).toMatchObject({ required: true })
    expect(getZodConstraint(profileSchema).address).toMatchObject({ required: false })
    expect(getZodConstraint(complaintSchema).selectedComplainsType).toMatchObject({ required: false })
  })

  it('registration: parses the form, checkbox on, and reports blanks', () => {
    const ok = submit(driverRegistrationSchema, {
      firstname: 'Ana',
      lastname: 'Pérez',
      rut: '12.345.678-5',
      email: 'ana@gmail.com',
      phone: '987654321',
      password: 'clave1234',
      confirmPassword: 'clave1234',
      acceptTerms: true,
    })
    expect(ok.status).toBe('success')
    expect(ok.value).toMatchObject({ rut: '12345678-5', phone: '56987654321', acceptTerms: true })

    const empty = submit(driverRegistrationSchema, {
      firstname: '',
      lastname: '',
      rut: '',
      email: '',
      phone: '',
      password: '',
      confirmPassword: '',
    })
    expect(empty.error).toEqual({
      firstname: ['Campo requerido'],
      lastname: ['Campo requerido'],
      rut: ['Campo requerido'],
      email: ['Campo requerido'],
      phone: ['Campo requerido'],
      password: ['Campo requerido'],
      confirmPassword: ['Campo requerido'],
      acceptTerms: ['Debes aceptar los Términos y condiciones y la Política de privacidad'],
    })
  })

  it('contact: required messages of the spec', () => {
    expect(submit(contactSchema, { firstName: '', lastName: '', email: '', phone: '', message: '' }).error).toEqual({
      firstName: ['Campo requerido'],
      lastName: ['Campo requerido'],
      email: ['Campo requerido'],
      phone: ['Campo requerido'],
      message: ['Campo requerido'],
    })
  })

  it('complaint: an empty complaint type is required only for complaints', () => {
    const base = { name: 'Ana', phone: '987654321', email: 'ana@gmail.com', message: 'Hola' }
    expect(submit(complaintSchema, { ...base, type: 'Inquiries', selectedComplainsType: '' }).status).toBe('success')
    expect(submit(complaintSchema, { ...base, type: 'Complaints', selectedComplainsType: '' }).error).toEqual({
      selectedComplainsType: ['Campo requerido'],
    })
  })

  it('profile: optional fields may be empty', () => {
    const s = submit(profileSchema, { firstname: 'Ana', lastname: 'Pérez', address: '', about_me: '', phone: '' })
    expect(s.status).toBe('success')
    expect(s.value).toEqual({ firstname: 'Ana', lastname: 'Pérez', address: '', about_me: '', phone: undefined })
  })

  it('profile image: an empty file input is "Campo requerido"', () => {
    const fd = new FormData()
    fd.append('newProfileImage', new File([], ''))
    expect(parse(fd, profileImageSchema).error).toEqual({ newProfileImage: ['Campo requerido'] })
  })

  it('power: year from a select and plate normalised', () => {
    const s = submit(powerDriverSchema, {
      fullNameDriver: 'Juan Soto',
      rutDriver: '12.345.678-5',
      addressDriver: 'Los Aromos 45',
      nationalityDriver: 'Chilena',
      vehicleBrand: 'Toyota',
      vehicleModel: 'Hiace',
      vehicleYear: '2019',
      vehicleLicensePlate: 'ab 1234',
    })
    expect(s.value).toMatchObject({ vehicleYear: 2019, vehicleLicensePlate: 'AB1234', rutDriver: '12345678-5' })
    expect(submit(powerDriverSchema, { vehicleYear: '' }).error?.vehicleYear).toEqual(['Campo requerido'])
  })

  it('bank and experience: empty selects are required', () => {
    expect(submit(bankFormSchema, {}).error?.bank_name).toEqual(['Todos los campos son obligatorios'])
    expect(submit(experienceSchema, { typeEmployment: '' }).error?.typeEmployment).toEqual(['Campo requerido'])
  })
})
