import { describe, expect, it } from 'vitest'
import { DOCUMENT_SLOT_KEYS } from './reference-data/documents'
import { fieldsToCheck } from './review-checks'

describe('fieldsToCheck', () => {
  it('asks for the RUT on the cédula and the plate on the vehicle papers', () => {
    expect(fieldsToCheck('cedula_identidad_frontal')).toEqual(['name', 'rut'])
    expect(fieldsToCheck('cedula_identidad_posterior')).toEqual(['rut'])
    for (const slot of ['permiso_circulacion_frontal', 'soap_posterior', 'revision_tecnica_frontal'])
      expect(fieldsToCheck(slot)).toEqual(['plate'])
    expect(fieldsToCheck('padron_vehiculo_frontal')).toEqual(['plate', 'vehicle'])
    expect(fieldsToCheck('comprobante_domicilio')).toEqual(['name', 'address'])
  })

  it('knows every slot and nothing else', () => {
    for (const slot of DOCUMENT_SLOT_KEYS) expect(Array.isArray(fieldsToCheck(slot))).toBe(true)
    expect(fieldsToCheck('furgon_interior_general')).toEqual([])
    expect(fieldsToCheck('desconocido')).toEqual([])
    expect(fieldsToCheck('__proto__')).toEqual([])
  })
})
