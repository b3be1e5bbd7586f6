import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DOCUMENT_GROUPS,
  DOCUMENT_SLOT_KEYS,
  DOCUMENT_STATUSES,
  REQUIRED_DOCUMENT_COUNT,
  documentProgress,
  documentStatusLabel,
  dueReminder,
  expiredCount,
  expiryView,
  isExpired,
  latestDocumentRecords,
  type DocumentRecordLike,
} from './documents'

const rec = (
  purpose_name: string,
  file_status: DocumentRecordLike['file_status'],
  extra: Partial<DocumentRecordLike> = {},
) => ({
  purpose_name,
  file_status,
  ...extra,
})

describe('documentProgress', () => {
  it('is 0/22 with no records', () => {
    expect(documentProgress([])).toEqual({ done: 0, total: 22, rejected: 0, approved: 0 })
  })

  it('counts pending and accepted, not rejected, and not the van interior', () => {
    const records = [
      rec('cedula_identidad_frontal', 'PENDING'),
      rec('cedula_identidad_posterior', 'ACCEPTED'),
      rec('certificado_antecedentes', 'REJECTED'),
      rec('furgon_interior_general', 'ACCEPTED'),
      rec('unknown_slot', 'ACCEPTED'),
    ]
    expect(documentProgress(records)).toEqual({ done: 2, total: REQUIRED_DOCUMENT_COUNT, rejected: 1, approved: 1 })
  })

  it('is 22/22 when every slot is accepted', () => {
    expect(documentProgress(DOCUMENT_SLOT_KEYS.map((k) => rec(k, 'ACCEPTED')))).toEqual({
      done: 22,
      total: 22,
      rejected: 0,
      approved: 22,
    })
  })

  it('counts a rejected van interior as invalid', () => {
    expect(documentProgress([rec('furgon_interior_general', 'REJECTED')])).toEqual({
      done: 0,
      total: 22,
      rejected: 1,
      approved: 0,
    })
  })

  it('uses only the latest record of a slot (by date, then id, then list order)', () => {
    expect(
      documentProgress([
        rec('soap_frontal', 'PENDING', { date_upload: '2025-03-02T10:00:00Z' }),
        rec('soap_frontal', 'REJECTED', { date_upload: '2025-03-01T10:00:00Z' }),
      ]),
    ).toEqual({ done: 1, total: 22, rejected: 0, approved: 0 })
    expect(
      documentProgress([
        rec('soap_frontal', 'REJECTED', { id_file: 9 }),
        rec('soap_frontal', 'PENDING', { id_file: 3 }),
      ]),
    ).toEqual({
      done: 0,
      total: 22,
      rejected: 1,
      approved: 0,
    })
    expect(documentProgress([rec('soap_frontal', 'REJECTED'), rec('soap_frontal', 'PENDING')])).toEqual({
      done: 1,
      total: 22,
      rejected: 0,
      approved: 0,
    })
  })

  it('property: done + rejected never exceed the slots and done <= 22', () => {
    const record = fc.record({
      purpose_name: fc.constantFrom(...DOCUMENT_SLOT_KEYS, 'otro'),
      file_status: fc.constantFrom(...DOCUMENT_STATUSES),
      id_file: fc.nat(1000),
    })
    fc.assert(
      fc.property(fc.array(record, { maxLength: 80 }), (records) => {
        const p = documentProgress(records)
        const latest = latestDocumentRecords(records)
        expect(p.done).toBeLessThanOrEqual(22)
        expect(p.done + p.rejected).toBeLessThanOrEqual(latest.size)
        expect(
          p.done +
            p.rejected +
            (latest.get('furgon_interior_general')?.file_status === 'REJECTED'
              ? 0
              : latest.has('furgon_interior_general')
                ? 1
                : 0),
        ).toBe(latest.size)
      }),
    )
  })
})

describe('documentStatusLabel', () => {
  it('uses the spec labels and the rejection reason', () => {
    expect(documentStatusLabel({ file_status: 'PENDING' })).toBe('En revisión')
    expect(documentStatusLabel({ file_status: 'ACCEPTED' })).toBe('Archivo aprobado')
    expect(documentStatusLabel({ file_status: 'REJECTED' })).toBe('Archivo rechazado')
    expect(documentStatusLabel({ file_status: 'REJECTED', rejection_reason: '  ' })).toBe('Archivo rechazado')
    expect(documentStatusLabel({ file_status: 'REJECTED', rejection_reason: 'Documento ilegible' })).toBe(
      'Documento ilegible',
    )
  })
})

describe('groups and expiry', () => {
  it('puts each of the 23 slots in exactly one of the five groups', () => {
    const grouped = DOCUMENT_GROUPS.flatMap((g) => g.slots)
    expect([...grouped].sort()).toEqual([...DOCUMENT_SLOT_KEYS].sort())
    expect(DOCUMENT_GROUPS.map((g) => g.title)).toEqual([
      'Identidad',
      'Licencia',
      'Vehículo',
      'Seguros y permisos',
      'Fotos del vehículo',
    ])
  })

  it('shows «Vence el», «Vence en N días» and «Vencido» by Chile’s day; the date itself is still valid', () => {
    expect(expiryView('2027-03-12', '2027-02-26')).toMatchObject({
      date_text: 'Vence el 12-03-2027',
      due_text: 'Vence en 14 días',
      expired: false,
      days_left: 14,
    })
    expect(expiryView('2027-03-12', '2027-03-12')).toMatchObject({ due_text: 'Vence hoy', expired: false })
    expect(expiryView('2027-03-12', '2027-03-13')).toMatchObject({ due_text: 'Vencido', expired: true })
    expect(expiryView('2027-03-12', '2026-12-01')?.due_text).toBeNull()
    expect(expiryView(null, '2027-03-13')).toBeNull()
    expect(isExpired('2027-03-12', '2027-03-13')).toBe(true)
    expect(isExpired(null, '2027-03-13')).toBe(false)
  })

  it('sends the most urgent reminder reached: 30, 7 or 0 days', () => {
    expect([31, 30, 8, 7, 1, 0, -3].map(dueReminder)).toEqual([null, 30, 30, 7, 7, 0, 0])
  })

  it('counts an expired record as missing in n/22 and in the expired count', () => {
    const records = [
      rec('soap_frontal', 'ACCEPTED', { expires_on: '2027-01-01' }),
      rec('soap_posterior', 'PENDING', { expires_on: '2027-06-01' }),
    ]
    expect(documentProgress(records, '2027-02-01')).toEqual({ done: 1, total: 22, rejected: 0, approved: 0 })
    // Before it expires, the accepted SOAP is approved: the number a company sees.
    expect(documentProgress(records, '2026-12-01')).toEqual({ done: 2, total: 22, rejected: 0, approved: 1 })
    expect(expiredCount(records, '2027-02-01')).toBe(1)
    expect(expiredCount([rec('soap_frontal', 'REJECTED', { expires_on: '2027-01-01' })], '2027-02-01')).toBe(0)
  })
})
