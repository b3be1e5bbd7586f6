/** Driver document slots (spec §3), their review statuses and the dashboard progress (spec §4). */
import { DOCUMENT_UPLOAD } from '#domain/uploads'

export const DOCUMENT_SLOT_KEYS = [
  'cedula_identidad_frontal',
  'cedula_identidad_posterior',
  'certificado_antecedentes',
  'gases_contaminantes_frontal',
  'gases_contaminantes_posterior',
  'comprobante_domicilio',
  'hoja_vida_conductor',
  'licencia_conducir_frontal',
  'licencia_conducir_posterior',
  'padron_vehiculo_frontal',
  'padron_vehiculo_posterior',
  'permiso_circulacion_frontal',
  'permiso_circulacion_posterior',
  'revision_tecnica_frontal',
  'revision_tecnica_posterior',
  'soap_frontal',
  'soap_posterior',
  'autorizacion_dueno_vehiculo',
  'vehiculo_frontal',
  'vehiculo_posterior',
  'vehiculo_lateral_derecho',
  'vehiculo_lateral_izquierdo',
  'furgon_interior_general',
] as const

export type DocumentSlotKey = (typeof DOCUMENT_SLOT_KEYS)[number]

export interface DocumentSlot {
  key: DocumentSlotKey
  title: string
  optional: boolean
}

/** The only optional slot (van interior, only for vans). */
export const OPTIONAL_DOCUMENT_SLOT: DocumentSlotKey = 'furgon_interior_general'

const TITLES: Record<DocumentSlotKey, string> = {
  cedula_identidad_frontal: 'Cédula de identidad (frontal)',
  cedula_identidad_posterior: 'Cédula de identidad (posterior)',
  certificado_antecedentes: 'Certificado de antecedentes',
  gases_contaminantes_frontal: 'Gases contaminantes (frontal)',
  gases_contaminantes_posterior: 'Gases contaminantes (posterior)',
  comprobante_domicilio: 'Comprobante de domicilio',
  hoja_vida_conductor: 'Hoja de vida del conductor',
  licencia_conducir_frontal: 'Licencia de conducir (frontal)',
  licencia_conducir_posterior: 'Licencia de conducir (posterior)',
  padron_vehiculo_frontal: 'Padrón del vehículo (frontal)',
  padron_vehiculo_posterior: 'Padrón del vehículo (posterior)',
  permiso_circulacion_frontal: 'Permiso de circulación (frontal)',
  permiso_circulacion_posterior: 'Permiso de circulación (posterior)',
  revision_tecnica_frontal: 'Revisión técnica (frontal)',
  revision_tecnica_posterior: 'Revisión técnica (posterior)',
  soap_frontal: 'SOAP (frontal)',
  soap_posterior: 'SOAP (posterior)',
  autorizacion_dueno_vehiculo: 'Autorización del dueño del vehículo',
  vehiculo_frontal: 'Vehículo (frontal)',
  vehiculo_posterior: 'Vehículo (posterior)',
  vehiculo_lateral_derecho: 'Vehículo (lateral derecho)',
  vehiculo_lateral_izquierdo: 'Vehículo (lateral izquierdo)',
  furgon_interior_general: 'Furgón interior general',
}

export const DOCUMENT_SLOTS: readonly DocumentSlot[] = DOCUMENT_SLOT_KEYS.map((key) => ({
  key,
  title: TITLES[key],
  optional: key === OPTIONAL_DOCUMENT_SLOT,
}))

export const REQUIRED_DOCUMENT_COUNT = 22

export function isDocumentSlotKey(value: unknown): value is DocumentSlotKey {
  return typeof value === 'string' && (DOCUMENT_SLOT_KEYS as readonly string[]).includes(value)
}

export function findDocumentSlot(key: string): DocumentSlot | undefined {
  return DOCUMENT_SLOTS.find((s) => s.key === key)
}

/** Upload rules for documents (spec §9): jpg, jpeg, png or pdf, up to 5 MB (domain/uploads.ts). */
export const DOCUMENT_FILE_EXTENSIONS = DOCUMENT_UPLOAD.extensions
export const DOCUMENT_FILE_TYPES = DOCUMENT_UPLOAD.types
export const DOCUMENT_ACCEPT = DOCUMENT_UPLOAD.accept

export const DOCUMENT_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED'] as const
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number]

export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  PENDING: 'En revisión',
  ACCEPTED: 'Archivo aprobado',
  REJECTED: 'Archivo rechazado',
}

/** Label shown for a record: a rejected one shows its rejection reason when there is one. */
export function documentStatusLabel(record: { file_status: DocumentStatus; rejection_reason?: string | null }): string {
  if (record.file_status === 'REJECTED' && record.rejection_reason?.trim()) return record.rejection_reason.trim()
  return DOCUMENT_STATUS_LABELS[record.file_status]
}

export interface DocumentRecordLike {
  purpose_name: string
  file_status: DocumentStatus
  /** ISO timestamp; when present it decides which record of a slot is the latest. */
  date_upload?: string | Date | null
  id_file?: number | null
}

function time(value: DocumentRecordLike['date_upload']): number {
  if (value == null) return Number.NEGATIVE_INFINITY
  const t = value instanceof Date ? value.getTime() : Date.parse(value)
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t
}

/**
 * The latest record of each slot: latest date_upload, then highest id_file, then the later
 * position in the list. Records of unknown slots are ignored.
 */
export function latestDocumentRecords<R extends DocumentRecordLike>(records: readonly R[]): Map<DocumentSlotKey, R> {
  const latest = new Map<DocumentSlotKey, R>()
  for (const record of records) {
    if (!isDocumentSlotKey(record.purpose_name)) continue
    const current = latest.get(record.purpose_name)
    if (!current) {
      latest.set(record.purpose_name, record)
      continue
    }
    const dt = time(record.date_upload) - time(current.date_upload)
    const di = (record.id_file ?? Number.NEGATIVE_INFINITY) - (current.id_file ?? Number.NEGATIVE_INFINITY)
    if (dt > 0 || (!(dt < 0) && !(di < 0))) latest.set(record.purpose_name, record)
  }
  return latest
}

export interface DocumentProgress {
  /** Required slots whose latest record is not rejected (pending or accepted). */
  done: number
  total: typeof REQUIRED_DOCUMENT_COUNT
  /** Slots (the optional one included) whose latest record is rejected. */
  rejected: number
}

/** Dashboard progress 'n/22' and the 'Tiene N documentos inválidos' count. */
export function documentProgress(records: readonly DocumentRecordLike[]): DocumentProgress {
  let done = 0
  let rejected = 0
  for (const [key, record] of latestDocumentRecords(records)) {
    if (record.file_status === 'REJECTED') rejected++
    else if (key !== OPTIONAL_DOCUMENT_SLOT) done++
  }
  return { done, total: REQUIRED_DOCUMENT_COUNT, rejected }
}
