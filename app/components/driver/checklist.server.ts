/**
 * The driver's document checklist, written on the server: each slot's one status chip, the group
 * counts and the headline figure, so the page ships words and not the rules that make them.
 */
import {
  DOCUMENT_GROUPS,
  DOCUMENT_SLOTS,
  expiryView,
  FILE_REMOVED,
  latestDocumentRecords,
  REQUIRED_DOCUMENT_COUNT,
  type DocumentRecordLike,
  type DocumentSlotKey,
} from '#domain/reference-data/documents'
import { documentFileUrl } from './urls'

/** One vocabulary for a document's state, everywhere in the driver area. */
const CHIP_TEXT = {
  missing: 'Falta',
  review: 'En revisión',
  approved: 'Aprobado',
  rejected: 'Rechazado',
  soon: 'Vence pronto',
  expired: 'Vencido',
} as const

export type ChipTone = keyof typeof CHIP_TEXT

export interface ChecklistRow {
  key: DocumentSlotKey
  title: string
  optional: boolean
  tone: ChipTone
  /** «Falta», «Rechazado: la foto tiene reflejos», …: the chip as read. */
  chip: string
  /** «Vence el 12-03-2027» on the kinds that expire. */
  dateText: string | null
  /** «Vence en 14 días», «Vence hoy»: within 30 days, not yet expired. */
  dueText: string | null
  /** What its arrow does, said to a screen reader with the title. */
  action: 'Añadir documento' | 'Cargar nuevamente' | 'Reemplazar'
  /** The file shown again beside a re-upload (its web path), when there is one to show. */
  previous: string | null
  /** A rejected file the driver may look at («Ver archivo»). */
  viewId: number | null
  /** «Archivo eliminado por antigüedad»: the retention job removed the file (decision 79). */
  removedText: string | null
  /** To upload or upload again: missing, rejected or expired. */
  needed: boolean
  /** The first needed required one: where «Subir siguiente documento» goes. */
  next: boolean
}

export interface ChecklistGroup {
  key: string
  title: string
  /** Required slots of the group approved and in force. */
  approved: number
  total: number
  rows: ChecklistRow[]
}

export interface ChecklistSummary {
  /** Required documents approved and in force: the n/22 companies see. */
  approved: number
  total: number
  review: number
  /** Rejected or expired. */
  toFix: number
  missing: number
  /** «4 en revisión · 2 por corregir · 12 faltan» (only what is not zero). */
  words: string
}

export interface Checklist {
  groups: ChecklistGroup[]
  summary: ChecklistSummary
  /** Required documents to upload, in the order they are asked for. */
  walk: ChecklistRow[]
}

interface RecordLike extends DocumentRecordLike {
  id_file: number
  rejection_reason: string | null
  url_file: string
  file_removed?: boolean
}

function row(key: DocumentSlotKey, record: RecordLike | undefined, today: string): ChecklistRow {
  const slot = DOCUMENT_SLOTS.find((s) => s.key === key)!
  const base = { key, title: slot.title, optional: slot.optional, next: false, viewId: null, removedText: null }
  if (!record)
    return {
      ...base,
      tone: 'missing',
      chip: CHIP_TEXT.missing,
      dateText: null,
      dueText: null,
      action: 'Añadir documento',
      previous: null,
      needed: true,
    }
  const removed = Boolean(record.file_removed)
  const previous = removed ? null : documentFileUrl(record.url_file)
  if (record.file_status === 'REJECTED') {
    const reason = record.rejection_reason?.trim()
    return {
      ...base,
      tone: 'rejected',
      chip: reason ? `${CHIP_TEXT.rejected}: ${reason}` : CHIP_TEXT.rejected,
      dateText: null,
      dueText: null,
      action: 'Cargar nuevamente',
      previous,
      viewId: removed ? null : record.id_file,
      removedText: removed ? FILE_REMOVED : null,
      needed: true,
    }
  }
  const expiry = expiryView(record.expires_on, today)
  const expired = Boolean(expiry?.expired)
  const soon = !expired && expiry?.due_text != null
  const tone: ChipTone = expired ? 'expired' : record.file_status === 'PENDING' ? 'review' : soon ? 'soon' : 'approved'
  return {
    ...base,
    tone,
    chip: CHIP_TEXT[tone],
    dateText: expiry?.date_text ?? null,
    dueText: soon ? expiry!.due_text : null,
    action: expired ? 'Cargar nuevamente' : 'Reemplazar',
    previous,
    removedText: removed ? FILE_REMOVED : null,
    needed: expired,
  }
}

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`
}

/** The checklist of `records` (the driver's whole list) on `today` (Chile's 'yyyy-mm-dd'). */
export function documentChecklist(records: readonly RecordLike[], today: string): Checklist {
  const latest = latestDocumentRecords(records)
  const groups: ChecklistGroup[] = DOCUMENT_GROUPS.map((g) => {
    const rows = g.slots.map((key) => row(key, latest.get(key), today))
    const required = rows.filter((r) => !r.optional)
    return {
      key: g.key,
      title: g.title,
      approved: required.filter((r) => r.tone === 'approved' || r.tone === 'soon').length,
      total: required.length,
      rows,
    }
  })
  const required = groups.flatMap((g) => g.rows).filter((r) => !r.optional)
  const walk = required.filter((r) => r.needed)
  if (walk[0]) walk[0].next = true
  const count = (...tones: ChipTone[]) => required.filter((r) => tones.includes(r.tone)).length
  const approved = count('approved', 'soon')
  const review = count('review')
  const toFix = count('rejected', 'expired')
  const missing = count('missing')
  const words = [
    review ? `${review} en revisión` : '',
    toFix ? `${toFix} por corregir` : '',
    missing ? plural(missing, 'falta', 'faltan') : '',
  ]
    .filter(Boolean)
    .join(' · ')
  return {
    groups,
    summary: {
      approved,
      total: REQUIRED_DOCUMENT_COUNT,
      review,
      toFix,
      missing,
      words: words || 'Todos aprobados',
    },
    walk,
  }
}
