/**
 * Upload rules: for each kind of upload, the accepted types, the largest size,
 * the text written next to its button and its Spanish messages. One module for the browser (the
 * file inputs check a file as soon as it is chosen and shrink large photos before sending), the
 * page actions (their streamed body limits) and the services (which check again, by content).
 * No zod: the pages import it. The simple power's ID images are in owner-id-uploads.ts (with the
 * power's constants, which no other page needs).
 */
import { formatDecimal } from './format'
import { CAMPO_REQUERIDO } from './validation/submission'

/** File-like value (File in browsers and Node ≥ 20, or anything with name/size/type). */
export interface UploadFileLike {
  name: string
  size: number
  type: string
}

export interface UploadRules {
  /** MIME types accepted, as the browser reports them. */
  types: readonly string[]
  /** Extensions accepted when the browser gives no type. */
  extensions: readonly string[]
  /** The file input's accept attribute. */
  accept: string
  /** The largest accepted file, in bytes (inclusive). */
  maxBytes: number
  /** Written next to every upload button (e.g. «JPG, PNG o PDF, hasta 5 MB»). */
  limitText: string
  messages: {
    required: string
    empty: string
    invalidType: string
    tooLarge: string
  }
  /** JPEG/PNG photos over maxBytes are shrunk in the browser before sending (longest side 2000 px). */
  shrinkPhotos: boolean
}

const MB = 1024 * 1024

/** What a page action reads beyond the files themselves: the multipart framing and the other fields. */
export const UPLOAD_FRAMING_BYTES = 64 * 1024

/** How the browser shrinks a photo that is over its limit: longest side and JPEG quality, first try. */
export const PHOTO_SHRINK = { maxSide: 2000, quality: 0.8 } as const

/** The photo types a browser can shrink (decode on a canvas and encode as JPEG). */
const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const
const PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png'] as const

/** Driver documents, the 23 slots (spec §9): jpg, jpeg, png or pdf, up to 5 MB. */
export const DOCUMENT_UPLOAD: UploadRules = {
  types: ['image/jpeg', 'image/png', 'application/pdf'],
  extensions: ['.jpg', '.jpeg', '.png', '.pdf'],
  accept: '.jpg,.jpeg,.png,.pdf',
  maxBytes: 5 * MB,
  limitText: 'JPG, PNG o PDF, hasta 5 MB',
  messages: {
    required: 'Selecciona un archivo para subir.',
    empty: 'El archivo está vacío.',
    invalidType: 'El archivo debe ser JPG, JPEG, PNG o PDF.',
    tooLarge: 'El archivo no puede ser mayor a 5MB.',
  },
  shrinkPhotos: true,
}

/** The driver's profile photo (spec §5, §9): jpg, jpeg or png, up to 3 MB. */
export const PROFILE_PHOTO_UPLOAD: UploadRules = {
  types: PHOTO_TYPES,
  extensions: PHOTO_EXTENSIONS,
  accept: PHOTO_EXTENSIONS.join(','),
  maxBytes: 3 * MB,
  limitText: 'JPG o PNG, hasta 3 MB',
  messages: {
    required: CAMPO_REQUERIDO,
    empty: CAMPO_REQUERIDO,
    invalidType: 'La imagen debe ser JPG, JPEG o PNG',
    tooLarge: 'El tamaño de la imagen no puede ser mayor a 3MB',
  },
  shrinkPhotos: true,
}

/**
 * A company logo (registration) or a partner logo (console): png, jpg, jpeg or webp, up to 3 MB.
 * Not shrunk in the browser: a logo may be transparent, which a JPEG cannot keep.
 */
export const LOGO_UPLOAD: UploadRules = {
  types: ['image/png', 'image/jpeg', 'image/webp'],
  extensions: ['.png', '.jpg', '.jpeg', '.webp'],
  accept: '.png,.jpg,.jpeg,.webp',
  maxBytes: 3 * MB,
  limitText: 'PNG, JPG o WEBP, hasta 3 MB',
  messages: {
    required: 'Selecciona una imagen para el logo.',
    empty: 'Selecciona una imagen para el logo.',
    invalidType: 'El logo debe ser una imagen PNG, JPG, JPEG o WEBP',
    tooLarge: 'El logo no puede superar los 3 MB',
  },
  shrinkPhotos: false,
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot === -1 ? '' : name.slice(dot).toLowerCase()
}

/** Accepted when the MIME type or, if the browser gave none, the extension is in the lists. */
export function uploadTypeAllowed(file: UploadFileLike, rules: Pick<UploadRules, 'types' | 'extensions'>): boolean {
  if (file.type) return rules.types.includes(file.type.toLowerCase())
  return rules.extensions.includes(extensionOf(file.name))
}

/** A JPEG or PNG of an upload whose rules let the browser shrink photos. */
export function isShrinkablePhoto(file: UploadFileLike, rules: UploadRules): boolean {
  return rules.shrinkPhotos && uploadTypeAllowed(file, { types: PHOTO_TYPES, extensions: PHOTO_EXTENSIONS })
}

export type UploadProblem = 'empty' | 'invalidType' | 'tooLarge'

/**
 * What is wrong with a chosen file before anything is sent, or null. A photo over the limit is
 * not a problem when `canShrink` (the browser will make it smaller first); a PDF over it is.
 */
export function uploadProblem(
  file: UploadFileLike,
  rules: UploadRules,
  { canShrink = false }: { canShrink?: boolean } = {},
): UploadProblem | null {
  if (file.size === 0) return 'empty'
  if (!uploadTypeAllowed(file, rules)) return 'invalidType'
  if (file.size > rules.maxBytes && !(canShrink && isShrinkablePhoto(file, rules))) return 'tooLarge'
  return null
}

export function uploadMessage(problem: UploadProblem, rules: UploadRules): string {
  return rules.messages[problem]
}

/** «6,2 MB», for what the browser tells the person about a shrunk photo. */
export function formatMegabytes(bytes: number): string {
  return `${formatDecimal(bytes / MB, 1, 1)} MB`
}
