/**
 * Whether a driver fits a posting, in the words the posting page shows: their stated vehicle
 * against the one the posting asks for, and their approved documents as the companies see them
 * (the checklist's figure, the same one the home shows). Written on the server, so the page ships
 * the sentences and not the rules.
 */
import type { ChecklistSummary } from '#app/components/driver/checklist.server'
import { pagePath } from '#app/paths'

/** Where the driver states their vehicle: «Mi perfil» with its form open. */
export const PROFILE_EDIT_PATH = `${pagePath('/user/dashboard/settings')}?editar=1`
/** The checklist's summary on the home. */
export const DOCUMENTS_PATH = `${pagePath('/user/dashboard/home')}#progreso`

export interface EligibilityLine {
  key: 'vehicle' | 'documents'
  /** The driver meets this point: a check mark, else a warning. */
  ok: boolean
  /** «Tu vehículo: Moto — esta ruta pide Furgón». */
  text: string
  /** A second line: what it means or where it stands («1 en revisión · 2 faltan»). */
  detail: string | null
  /** Where to set it right. */
  link: { to: string; label: string } | null
}

export interface Eligibility {
  lines: EligibilityLine[]
  /** Every point met (and at least one known). */
  fits: boolean
  /** The companies' figure, «19/22», for the words on what a company sees; null if unknown. */
  documentsFigure: string | null
}

interface PostingVehicle {
  id_vehicle: number
  name_vehicle: string
  capacity: string | null
}

interface DriverVehicle {
  id_vehicle: number | null
  name_vehicle: string | null
}

function vehicleLine(posting: PostingVehicle, driver: DriverVehicle): EligibilityLine {
  const asked = posting.capacity ? `${posting.name_vehicle} (${posting.capacity})` : posting.name_vehicle
  if (driver.id_vehicle === null || !driver.name_vehicle)
    return {
      key: 'vehicle',
      ok: false,
      text: `Aún no indicas tu vehículo — esta ruta pide ${asked}`,
      detail: 'Las empresas ven el vehículo de tu perfil junto a tu postulación.',
      link: { to: PROFILE_EDIT_PATH, label: 'Indicar mi vehículo' },
    }
  if (driver.id_vehicle === posting.id_vehicle)
    return {
      key: 'vehicle',
      ok: true,
      text: `Tu vehículo: ${driver.name_vehicle} — es el que pide esta ruta`,
      detail: posting.capacity ? `La ruta pide una capacidad de ${posting.capacity}.` : null,
      link: null,
    }
  return {
    key: 'vehicle',
    ok: false,
    text: `Tu vehículo: ${driver.name_vehicle} — esta ruta pide ${asked}`,
    detail: 'Puedes postular igual: la empresa verá que tu vehículo es otro.',
    link: { to: PROFILE_EDIT_PATH, label: 'Cambiar mi vehículo' },
  }
}

function documentsLine(summary: ChecklistSummary): EligibilityLine {
  const figure = `${summary.approved}/${summary.total}`
  const left = summary.total - summary.approved
  if (left <= 0)
    return {
      key: 'documents',
      ok: true,
      text: `Tus ${summary.total} documentos están aprobados: las empresas ven ${figure}`,
      detail: null,
      link: null,
    }
  return {
    key: 'documents',
    ok: false,
    text:
      left === 1
        ? `Te falta 1 documento por aprobar: las empresas ven ${figure}`
        : `Te faltan ${left} documentos por aprobar: las empresas ven ${figure}`,
    detail: summary.words,
    link: { to: DOCUMENTS_PATH, label: 'Ver mis documentos' },
  }
}

/**
 * The posting against the driver: `driver` and `documents` are null when their call failed, and
 * then that line is left out rather than guessed.
 */
export function postingEligibility(
  posting: PostingVehicle,
  driver: DriverVehicle | null,
  documents: ChecklistSummary | null,
): Eligibility {
  const lines = [driver ? vehicleLine(posting, driver) : null, documents ? documentsLine(documents) : null].filter(
    (l): l is EligibilityLine => l !== null,
  )
  return {
    lines,
    fits: lines.length > 0 && lines.every((l) => l.ok),
    documentsFigure: documents ? `${documents.approved}/${documents.total}` : null,
  }
}
