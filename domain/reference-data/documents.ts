/** Driver document slots (spec §3), their review statuses and the dashboard progress (spec §4). */
import { daysBetween, formatDate } from '#domain/format'
import { REQUIRED_DOCUMENT_COUNT, type ExpiryReminderKind } from './document-facts'

/**
 * What every screen and answer says of a file the retention job removed (decision 79): its record
 * (slot, status, dates, reason) stays. Here rather than in domain/privacy.ts, which pages load whole.
 */
export const FILE_REMOVED = 'Archivo eliminado por antigüedad'

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

export { REQUIRED_DOCUMENT_COUNT }

export function isDocumentSlotKey(value: unknown): value is DocumentSlotKey {
  return typeof value === 'string' && (DOCUMENT_SLOT_KEYS as readonly string[]).includes(value)
}

export function findDocumentSlot(key: string): DocumentSlot | undefined {
  return DOCUMENT_SLOTS.find((s) => s.key === key)
}

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
  /** 'yyyy-mm-dd' on the kinds that expire. */
  expires_on?: string | null
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
  /**
   * Required slots whose latest record is accepted and in force: the «n/22 documentos aprobados»
   * a company sees on the driver's application (services/shared/validated-drivers.ts counts the
   * same), shown to the driver too so both read one number.
   */
  approved: number
}

/**
 * Dashboard progress 'n/22' and the 'Tiene N documentos inválidos' count. Given `today` (Chile's
 * 'yyyy-mm-dd', dayInChile), a record whose expiry date has passed counts as missing.
 */
export function documentProgress(records: readonly DocumentRecordLike[], today?: string): DocumentProgress {
  let done = 0
  let rejected = 0
  let approved = 0
  for (const [key, record] of latestDocumentRecords(records)) {
    if (record.file_status === 'REJECTED') rejected++
    else if (key !== OPTIONAL_DOCUMENT_SLOT && !(today && isExpired(record.expires_on, today))) {
      done++
      if (record.file_status === 'ACCEPTED') approved++
    }
  }
  return { done, total: REQUIRED_DOCUMENT_COUNT, rejected, approved }
}

/** Latest records (not rejected) whose expiry date has passed: shown «Vencido», counted as missing. */
export function expiredCount(records: readonly DocumentRecordLike[], today: string): number {
  let n = 0
  for (const record of latestDocumentRecords(records).values())
    if (record.file_status !== 'REJECTED' && isExpired(record.expires_on, today)) n++
  return n
}

/* ---------- Groups and guidance ---------- */

export interface DocumentGroup {
  key: 'identidad' | 'licencia' | 'vehiculo' | 'seguros' | 'fotos'
  title: string
  slots: readonly DocumentSlotKey[]
}

/** The 23 slots in the five groups the driver sees, in the order they are asked for. */
export const DOCUMENT_GROUPS: readonly DocumentGroup[] = [
  {
    key: 'identidad',
    title: 'Identidad',
    slots: [
      'cedula_identidad_frontal',
      'cedula_identidad_posterior',
      'certificado_antecedentes',
      'comprobante_domicilio',
    ],
  },
  {
    key: 'licencia',
    title: 'Licencia',
    slots: ['licencia_conducir_frontal', 'licencia_conducir_posterior', 'hoja_vida_conductor'],
  },
  {
    key: 'vehiculo',
    title: 'Vehículo',
    slots: ['padron_vehiculo_frontal', 'padron_vehiculo_posterior', 'autorizacion_dueno_vehiculo'],
  },
  {
    key: 'seguros',
    title: 'Seguros y permisos',
    slots: [
      'soap_frontal',
      'soap_posterior',
      'permiso_circulacion_frontal',
      'permiso_circulacion_posterior',
      'revision_tecnica_frontal',
      'revision_tecnica_posterior',
      'gases_contaminantes_frontal',
      'gases_contaminantes_posterior',
    ],
  },
  {
    key: 'fotos',
    title: 'Fotos del vehículo',
    slots: [
      'vehiculo_frontal',
      'vehiculo_posterior',
      'vehiculo_lateral_derecho',
      'vehiculo_lateral_izquierdo',
      'furgon_interior_general',
    ],
  },
]

export const REVIEW_PROMISE = 'Revisamos tus documentos en menos de 24 horas hábiles'

/** What makes a file of this slot approvable, shown in its upload panel. `name` is the account's name. */
export function documentGuidance(key: DocumentSlotKey, name: string): string[] {
  if (key.startsWith('vehiculo_') || key === 'furgon_interior_general') {
    return [
      key === 'furgon_interior_general'
        ? 'El interior del furgón completo, con las puertas abiertas.'
        : 'El vehículo completo en la foto, sin cortes.',
      ...(key === 'vehiculo_frontal' || key === 'vehiculo_posterior' ? ['La patente legible.'] : []),
      'Con buena luz y sin reflejos del flash.',
    ]
  }
  const own =
    key.startsWith('cedula_') ||
    key.startsWith('licencia_') ||
    key === 'certificado_antecedentes' ||
    key === 'hoja_vida_conductor' ||
    key === 'comprobante_domicilio'
  return [
    'Las cuatro esquinas del documento visibles.',
    'Sin reflejos del flash.',
    'Legible: se leen todos los datos.',
    ...(own ? [`A tu nombre, como en tu cuenta: ${name}.`] : []),
    ...(isExpiringSlot(key) ? ['Vigente: no vencido.'] : []),
  ]
}

/* ---------- Expiry dates ---------- */

/**
 * The kinds of document that expire: cédula, licencia, permiso de circulación, revisión técnica
 * and SOAP (the seguro obligatorio, the only insurance among the slots; decision 54). Both sides of
 * each carry the date the driver enters at upload.
 */
export const EXPIRING_KINDS = [
  'cedula_identidad',
  'licencia_conducir',
  'permiso_circulacion',
  'revision_tecnica',
  'soap',
] as const

export const EXPIRING_SLOTS: readonly DocumentSlotKey[] = DOCUMENT_SLOT_KEYS.filter((k) =>
  EXPIRING_KINDS.some((kind) => k === `${kind}_frontal` || k === `${kind}_posterior`),
)

export function isExpiringSlot(key: string): boolean {
  return (EXPIRING_SLOTS as readonly string[]).includes(key)
}

/** The slot of the other side of the same document ('soap_frontal' ↔ 'soap_posterior'). */
export function otherSide(key: DocumentSlotKey): DocumentSlotKey | null {
  const other = key.endsWith('_frontal')
    ? key.replace(/_frontal$/, '_posterior')
    : key.endsWith('_posterior')
      ? key.replace(/_posterior$/, '_frontal')
      : null
  return other && isDocumentSlotKey(other) ? other : null
}

/** The multipart field carrying a slot's expiry date next to its file: 'soap_frontal_expires_on'. */
export function expiryFieldName(key: DocumentSlotKey): string {
  return `${key}_expires_on`
}

export type { ExpiryReminderKind } from './document-facts'

/** Days ahead within which a document is «por vencer» (the console's list, the driver's warning). */
export const EXPIRY_WARNING_DAYS = 30

/** Expired once the day after its expiry date starts (in Chile): «Vence el 12-03-2027» is valid that day. */
export function isExpired(expiresOn: string | null | undefined, today: string): boolean {
  return Boolean(expiresOn) && expiresOn! < today
}

export interface ExpiryView {
  expires_on: string
  days_left: number
  expired: boolean
  /** «Vence el 12-03-2027» */
  date_text: string
  /** «Vencido», «Vence hoy», «Vence mañana», «Vence en 14 días» (within 30 days), else null. */
  due_text: string | null
}

export function expiryView(expiresOn: string | null | undefined, today: string): ExpiryView | null {
  if (!expiresOn) return null
  const days = daysBetween(today, expiresOn)
  const dueText =
    days < 0
      ? 'Vencido'
      : days === 0
        ? 'Vence hoy'
        : days === 1
          ? 'Vence mañana'
          : days <= EXPIRY_WARNING_DAYS
            ? `Vence en ${days} días`
            : null
  return {
    expires_on: expiresOn,
    days_left: days,
    expired: days < 0,
    date_text: `Vence el ${formatDate(expiresOn, 'numeric')}`,
    due_text: dueText,
  }
}

/** The reminder due for a document `daysLeft` days from expiry: the most urgent threshold reached. */
export function dueReminder(daysLeft: number): ExpiryReminderKind | null {
  if (daysLeft > EXPIRY_WARNING_DAYS) return null
  return daysLeft <= 0 ? 0 : daysLeft <= 7 ? 7 : 30
}
