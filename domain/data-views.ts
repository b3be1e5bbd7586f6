import { findDocumentSlot } from '#domain/reference-data/documents'

/**
 * Views of a driver's sensitive items by staff or a company (Ley 21.719, decision 78): what is
 * recorded and how «Quién vio mis datos» and the console name it. No zod: the pages import it.
 *
 * 'contacto': a company's list of applicants, whose cards show each one's email and phone;
 * 'perfil': the applicant's profile page; 'rut': the console's driver page or document review;
 * 'conversacion': the console read one of the driver's threads with a company (the item is the
 * application, the detail the company's name, decision 108).
 */
export const DATA_VIEW_KINDS = ['documento', 'cedula_dueno', 'rut', 'perfil', 'contacto', 'conversacion'] as const
export type DataViewKind = (typeof DATA_VIEW_KINDS)[number]

export const DATA_VIEWER_KINDS = ['staff', 'company'] as const
export type DataViewerKind = (typeof DATA_VIEWER_KINDS)[number]

/** A burst of views of one item by one viewer is one record per window of this length. */
export const DATA_VIEW_WINDOW_MS = 10 * 60 * 1000

/** How the driver sees a staff member: never by name (decision 78). */
export const STAFF_VIEWER_NAME = 'Equipo Fleeters'

/** A company whose record is gone (its account deleted) still appears as what it was. */
export const UNKNOWN_COMPANY_NAME = 'Una empresa'

/** What was seen, as the driver and the console read it: «RUT», «Documento: Certificado de antecedentes». */
export function dataViewItem(kind: DataViewKind, detail: string | null): string {
  switch (kind) {
    case 'documento': {
      const slot = detail ? findDocumentSlot(detail) : undefined
      return slot ? `Documento: ${slot.title}` : 'Un documento'
    }
    case 'cedula_dueno':
      return detail === 'back' ? 'Cédula del dueño del vehículo (reverso)' : 'Cédula del dueño del vehículo (anverso)'
    case 'rut':
      return 'RUT'
    case 'perfil':
      return 'Perfil de postulante'
    case 'contacto':
      return 'Ficha de postulante (correo y teléfono)'
    case 'conversacion':
      return detail ? `Mensajes con ${detail}` : 'Mensajes con una empresa'
  }
}
