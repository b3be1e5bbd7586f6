/**
 * What a reviewer compares between a driver's document and the driver's data (decision 90): the
 * console's per-driver review highlights these fields beside the document. The expiry date is
 * checked on every kind that expires (the approval form asks for it), so it is not listed here.
 */
import { isDocumentSlotKey, type DocumentSlotKey } from './reference-data/documents'

export type CheckedField = 'name' | 'rut' | 'address' | 'vehicle' | 'plate'

/** Documents issued to the person: their name (and RUT where the document prints it). */
const PERSON: Partial<Record<DocumentSlotKey, readonly CheckedField[]>> = {
  cedula_identidad_frontal: ['name', 'rut'],
  cedula_identidad_posterior: ['rut'],
  licencia_conducir_frontal: ['name', 'rut'],
  licencia_conducir_posterior: [],
  certificado_antecedentes: ['name', 'rut'],
  hoja_vida_conductor: ['name', 'rut'],
  comprobante_domicilio: ['name', 'address'],
  autorizacion_dueno_vehiculo: ['name', 'rut', 'plate'],
}

/** Documents of the vehicle: its plate, and on the padrón its make and model too. */
const VEHICLE_PAPERS = ['padron_vehiculo', 'permiso_circulacion', 'soap', 'revision_tecnica', 'gases_contaminantes']

export function fieldsToCheck(slot: string): readonly CheckedField[] {
  if (!isDocumentSlotKey(slot)) return []
  const own = PERSON[slot]
  if (own) return own
  const paper = VEHICLE_PAPERS.find((kind) => slot === `${kind}_frontal` || slot === `${kind}_posterior`)
  if (paper) return paper === 'padron_vehiculo' ? ['plate', 'vehicle'] : ['plate']
  // The photos: the plate is read on the front and the back; the sides show the vehicle.
  if (slot === 'vehiculo_frontal' || slot === 'vehiculo_posterior') return ['plate', 'vehicle']
  if (slot === 'vehiculo_lateral_derecho' || slot === 'vehiculo_lateral_izquierdo') return ['vehicle']
  return []
}
