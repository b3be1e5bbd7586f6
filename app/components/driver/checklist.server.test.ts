import { describe, expect, it } from 'vitest'
import { documentChecklist } from './checklist.server'
import { expiryDateError } from './expiry-check'

const TODAY = '2026-11-26'

let id = 0
function rec(purpose_name: string, file_status: 'PENDING' | 'ACCEPTED' | 'REJECTED', more = {}) {
  id++
  return {
    purpose_name,
    file_status,
    id_file: id,
    rejection_reason: null,
    url_file: `/users/files/${id}`,
    ...more,
  }
}

describe('documentChecklist', () => {
  it('gives every slot one chip of the vocabulary and counts approvals', () => {
    const list = documentChecklist(
      [
        rec('cedula_identidad_frontal', 'ACCEPTED', { expires_on: '2027-11-26' }),
        rec('cedula_identidad_posterior', 'ACCEPTED', { expires_on: '2026-12-06' }),
        rec('certificado_antecedentes', 'REJECTED', { rejection_reason: ' La imagen está borrosa. ' }),
        rec('comprobante_domicilio', 'PENDING'),
        rec('licencia_conducir_frontal', 'PENDING'),
        rec('licencia_conducir_posterior', 'PENDING'),
        rec('hoja_vida_conductor', 'PENDING'),
        rec('soap_frontal', 'ACCEPTED', { expires_on: '2026-11-25' }),
        rec('furgon_interior_general', 'REJECTED'),
      ],
      TODAY,
    )
    const rows = new Map(list.groups.flatMap((g) => g.rows).map((r) => [r.key, r]))
    expect(rows.size).toBe(23)
    expect(rows.get('cedula_identidad_frontal')).toMatchObject({ chip: 'Aprobado', dueText: null })
    expect(rows.get('cedula_identidad_posterior')).toMatchObject({ chip: 'Vence pronto', dueText: 'Vence en 10 días' })
    expect(rows.get('certificado_antecedentes')).toMatchObject({
      chip: 'Rechazado: La imagen está borrosa.',
      action: 'Cargar nuevamente',
      previous: '/user/dashboard/archivos/3',
      viewId: 3,
    })
    expect(rows.get('comprobante_domicilio')).toMatchObject({ chip: 'En revisión', action: 'Reemplazar' })
    expect(rows.get('soap_frontal')).toMatchObject({ chip: 'Vencido', needed: true, action: 'Cargar nuevamente' })
    expect(rows.get('padron_vehiculo_frontal')).toMatchObject({ chip: 'Falta', action: 'Añadir documento' })
    expect(rows.get('furgon_interior_general')).toMatchObject({ chip: 'Rechazado', optional: true })
    // All three licence documents in review: no approval, so not «3/3».
    expect(list.groups.find((g) => g.key === 'licencia')).toMatchObject({ approved: 0, total: 3 })
    expect(list.groups.find((g) => g.key === 'identidad')).toMatchObject({ approved: 2, total: 4 })
    // The optional van interior counts nowhere.
    expect(list.summary).toMatchObject({ approved: 2, total: 22, review: 4, toFix: 2, missing: 14 })
    expect(list.summary.words).toBe('4 en revisión · 2 por corregir · 14 faltan')
  })

  it('walks through the required documents to upload in the groups’ order, the first marked next', () => {
    const list = documentChecklist([rec('cedula_identidad_frontal', 'PENDING')], TODAY)
    expect(list.walk.map((r) => r.key).slice(0, 3)).toEqual([
      'cedula_identidad_posterior',
      'certificado_antecedentes',
      'comprobante_domicilio',
    ])
    expect(list.walk).toHaveLength(21)
    expect(list.walk.every((r) => !r.optional)).toBe(true)
    expect(list.groups.flatMap((g) => g.rows).filter((r) => r.next)).toEqual([list.walk[0]])
    expect(documentChecklist([], TODAY).summary.words).toBe('22 faltan')
  })

  it('says «Todos aprobados» and walks nowhere when the 22 are approved', () => {
    const all = documentChecklist([], TODAY)
      .groups.flatMap((g) => g.rows)
      .filter((r) => !r.optional)
      .map((r) => rec(r.key, 'ACCEPTED'))
    const list = documentChecklist(all, TODAY)
    expect(list.summary).toMatchObject({ approved: 22, words: 'Todos aprobados' })
    expect(list.walk).toEqual([])
  })
})

describe('expiryDateError', () => {
  it('answers the service’s Spanish messages', () => {
    const latest = '2041-11-26'
    expect(expiryDateError('2041-11-27', TODAY, latest)).toMatch(/demasiado lejana/)
    expect(expiryDateError(null, TODAY, latest)).toBe('Indica la fecha de vencimiento del documento.')
    expect(expiryDateError('', TODAY, latest)).toBe('Indica la fecha de vencimiento del documento.')
    expect(expiryDateError('2026-11-25', TODAY, latest)).toBe('El documento está vencido: sube uno vigente.')
    expect(expiryDateError('2026-02-30', TODAY, latest)).toMatch(/no es válida/)
    expect(expiryDateError('2026-11-26', TODAY, latest)).toBeNull()
  })
})
