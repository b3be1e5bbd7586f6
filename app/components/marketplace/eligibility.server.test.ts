import { describe, expect, it } from 'vitest'
import { documentChecklist } from '#app/components/driver/checklist.server'
import { DOCUMENT_SLOTS } from '#domain/reference-data/documents'
import { DOCUMENTS_PATH, postingEligibility, PROFILE_EDIT_PATH } from './eligibility.server'

const TODAY = '2026-11-26'
const FURGON = { id_vehicle: 1, name_vehicle: 'Furgón', capacity: '1.000 kg' }
const MOTO = { id_vehicle: 3, name_vehicle: 'Moto' }

let id = 0
function rec(purpose_name: string, file_status: 'PENDING' | 'ACCEPTED' | 'REJECTED') {
  id++
  return {
    purpose_name,
    file_status,
    id_file: id,
    rejection_reason: null,
    url_file: `/users/files/${id}`,
    expires_on: '2027-11-26',
  }
}

const required = DOCUMENT_SLOTS.filter((s) => !s.optional).map((s) => s.key)

/** The checklist's summary with the first `approved` required documents approved, the next `review` in review. */
function summary(approved: number, review = 0) {
  return documentChecklist(
    [
      ...required.slice(0, approved).map((k) => rec(k, 'ACCEPTED')),
      ...required.slice(approved, approved + review).map((k) => rec(k, 'PENDING')),
    ],
    TODAY,
  ).summary
}

describe('postingEligibility', () => {
  it('says a moto driver with 19 of 22 documents that the route wants a van and 3 documents are missing', () => {
    const e = postingEligibility(FURGON, MOTO, summary(19, 1))
    expect(e.lines).toEqual([
      {
        key: 'vehicle',
        ok: false,
        text: 'Tu vehículo: Moto — esta ruta pide Furgón (1.000 kg)',
        detail: 'Puedes postular igual: la empresa verá que tu vehículo es otro.',
        link: { to: PROFILE_EDIT_PATH, label: 'Cambiar mi vehículo' },
      },
      {
        key: 'documents',
        ok: false,
        text: 'Te faltan 3 documentos por aprobar: las empresas ven 19/22',
        detail: '1 en revisión · 2 faltan',
        link: { to: DOCUMENTS_PATH, label: 'Ver mis documentos' },
      },
    ])
    expect(e.fits).toBe(false)
    expect(e.documentsFigure).toBe('19/22')
  })

  it('confirms a driver who has the vehicle asked for and every document approved', () => {
    const e = postingEligibility(FURGON, { id_vehicle: 1, name_vehicle: 'Furgón' }, summary(22))
    expect(e.lines.map((l) => [l.ok, l.text])).toEqual([
      [true, 'Tu vehículo: Furgón — es el que pide esta ruta'],
      [true, 'Tus 22 documentos están aprobados: las empresas ven 22/22'],
    ])
    expect(e.lines[0]!.detail).toBe('La ruta pide una capacidad de 1.000 kg.')
    expect(e.fits).toBe(true)
  })

  it('asks for the vehicle when the profile has none, and counts one missing document in the singular', () => {
    const e = postingEligibility(
      { id_vehicle: 3, name_vehicle: 'Moto', capacity: null },
      { id_vehicle: null, name_vehicle: null },
      summary(21),
    )
    expect(e.lines[0]).toMatchObject({
      ok: false,
      text: 'Aún no indicas tu vehículo — esta ruta pide Moto',
      link: { to: PROFILE_EDIT_PATH, label: 'Indicar mi vehículo' },
    })
    expect(e.lines[1]).toMatchObject({ ok: false, text: 'Te falta 1 documento por aprobar: las empresas ven 21/22' })
  })

  it('leaves out what it could not read, and never says «fits» on nothing', () => {
    expect(postingEligibility(FURGON, null, summary(22)).lines.map((l) => l.key)).toEqual(['documents'])
    expect(postingEligibility(FURGON, MOTO, null)).toMatchObject({ documentsFigure: null, fits: false })
    expect(postingEligibility(FURGON, null, null)).toEqual({ lines: [], fits: false, documentsFigure: null })
  })
})
