import { describe, expect, it } from 'vitest'
import {
  bankDetailComplete,
  bankPayloadFromForm,
  changedBankFields,
  maskAccountNumber,
  type BankFormValues,
} from '#domain/validation/bank'
import { experienceChanged, experienceDuration, experienceInputFromPayload } from '#domain/validation/experience'
import { profileSaveDecision } from '#domain/validation/profile'
import { sniffType } from './images'
import { sampleExe, sampleJpeg, samplePdf, samplePng } from './test-helpers'

/** The driver-area helpers added to domain/validation (pure rules, no database). */
describe('driver area rules', () => {
  it('words an experience duration', () => {
    expect(experienceDuration('2021-03-15', '2023-06-20')).toBe('2 años y 3 meses')
    expect(experienceDuration('2021-03-15', '2022-03-15')).toBe('1 año')
    expect(experienceDuration('2021-03-15', '2021-04-14')).toBe('Menos de 1 mes')
    expect(experienceDuration('2021-01-31', '2021-03-01')).toBe('1 mes')
    expect(experienceDuration('2021-01-01', '2021-12-31')).toBe('11 meses')
  })

  it('maps the stored experience names and tells whether anything changed', () => {
    expect(experienceInputFromPayload({ company_name: 'A', type_employment: 'B', job_title: 'C' })).toEqual({
      job_title: 'C',
      nameBusiness: 'A',
      typeEmployment: 'B',
    })
    expect(experienceInputFromPayload({ nameBusiness: 'X', company_name: 'A' }).nameBusiness).toBe('X')
    const loaded = {
      job_title: 'Conductor',
      nameBusiness: 'Andes',
      typeEmployment: 'Jornada completa',
      location: 'Santiago',
      start_date: '2020-01-01',
      end_date: '2021-01-01',
      job_description: 'Reparto',
    }
    expect(experienceChanged(loaded, { ...loaded, job_title: ' Conductor ' })).toBe(false)
    expect(experienceChanged(loaded, { ...loaded, location: 'Maipú' })).toBe(true)
  })

  it('decides whether the profile form saves (spec §5)', () => {
    const current = { firstname: 'Ana', lastname: 'Soto', address: 'Calle 1', about_me: 'Hola', phone: '56987654321' }
    expect(profileSaveDecision(current, current)).toBe('unchanged')
    expect(profileSaveDecision(current, { ...current, address: '' })).toBe('incomplete')
    expect(profileSaveDecision(current, { ...current, firstname: 'Ana María' })).toBe('save')
    expect(profileSaveDecision(current, { ...current, phone: '56911112222' })).toBe('save')
    expect(profileSaveDecision(current, { ...current, phone: '' })).toBe('unchanged')
  })

  it('counts a stated or cleared vehicle type or commune as a change, an absent one not', () => {
    const current = {
      firstname: 'Ana',
      lastname: 'Soto',
      address: 'Calle 1',
      about_me: 'Hola',
      phone: '56987654321',
      id_vehicle: 3,
      id_commune: null,
    }
    expect(profileSaveDecision(current, { ...current })).toBe('unchanged')
    expect(profileSaveDecision(current, { ...current, id_vehicle: undefined, id_commune: undefined })).toBe('unchanged')
    expect(profileSaveDecision(current, { ...current, id_vehicle: 2 })).toBe('save')
    expect(profileSaveDecision(current, { ...current, id_vehicle: null })).toBe('save')
    expect(profileSaveDecision(current, { ...current, id_commune: 13123 })).toBe('save')
    expect(profileSaveDecision(current, { ...current, address: '', id_commune: 13123 })).toBe('incomplete')
  })

  it('sends only the changed bank fields, masks numbers and checks the six fields', () => {
    const form: BankFormValues = {
      name_account: 'Ana Soto',
      account_number: '123456789',
      phone: '56987654321',
      email: 'ana@example.cl',
      bank_name: 'Banco Estado',
      account_type: 'Cuenta Rut',
      receipt_issuance: 'Yo la emito',
      invoice_type: 'Boleta',
      sii_address: 'Calle 1',
    }
    const payload = bankPayloadFromForm(form)
    expect(payload).toMatchObject({ account_holder_name: 'Ana Soto' })
    expect(payload).not.toHaveProperty('name_account')
    expect(changedBankFields({ ...payload }, payload)).toEqual({})
    expect(changedBankFields({ ...payload, bank_name: 'Banco BCI' }, payload)).toEqual({ bank_name: 'Banco Estado' })
    expect(maskAccountNumber('123456789')).toBe('•••• 6789')
    expect(maskAccountNumber('123')).toBe('••••')
    expect(bankDetailComplete(payload)).toBe(true)
    expect(bankDetailComplete({ ...payload, invoice_type: '' })).toBe(false)
  })

  it('sniffs file types from their bytes', async () => {
    expect(sniffType(await samplePng())).toBe('image/png')
    expect(sniffType(await sampleJpeg())).toBe('image/jpeg')
    expect(sniffType(samplePdf)).toBe('application/pdf')
    expect(sniffType(sampleExe)).toBeNull()
    expect(sniffType(new Uint8Array())).toBeNull()
    expect(sniffType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
  })
})
