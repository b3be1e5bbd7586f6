import { describe, expect, it } from 'vitest'
import { OWNER_ID_IMAGE_UPLOADS } from './owner-id-uploads'
import {
  DOCUMENT_UPLOAD,
  formatMegabytes,
  isShrinkablePhoto,
  LOGO_UPLOAD,
  PROFILE_PHOTO_UPLOAD,
  uploadMessage,
  uploadProblem,
  type UploadRules,
} from './uploads'
import { OWNER_ID_IMAGE_MAX_BYTES } from './validation/power-constants'

const MB = 1024 * 1024
const file = (name: string, type: string, size: number) => ({ name, type, size })

describe('upload rules', () => {
  it('documents: JPG, PNG or PDF up to 5 MB, a photo over it is shrunk, a PDF over it is refused', () => {
    expect(uploadProblem(file('a.pdf', 'application/pdf', 5 * MB), DOCUMENT_UPLOAD)).toBeNull()
    expect(uploadProblem(file('a.pdf', 'application/pdf', 5 * MB + 1), DOCUMENT_UPLOAD, { canShrink: true })).toBe(
      'tooLarge',
    )
    expect(uploadProblem(file('foto.jpg', 'image/jpeg', 6 * MB), DOCUMENT_UPLOAD)).toBe('tooLarge')
    expect(uploadProblem(file('foto.jpg', 'image/jpeg', 6 * MB), DOCUMENT_UPLOAD, { canShrink: true })).toBeNull()
    expect(uploadProblem(file('foto.PNG', '', 6 * MB), DOCUMENT_UPLOAD, { canShrink: true })).toBeNull()
    expect(uploadProblem(file('foto.gif', 'image/gif', 10), DOCUMENT_UPLOAD, { canShrink: true })).toBe('invalidType')
    expect(uploadProblem(file('notas.txt', '', 10), DOCUMENT_UPLOAD)).toBe('invalidType')
    expect(uploadProblem(file('vacío.pdf', 'application/pdf', 0), DOCUMENT_UPLOAD)).toBe('empty')
    expect(uploadMessage('tooLarge', DOCUMENT_UPLOAD)).toBe('El archivo no puede ser mayor a 5MB.')
    expect(uploadMessage('invalidType', DOCUMENT_UPLOAD)).toBe('El archivo debe ser JPG, JPEG, PNG o PDF.')
    expect(DOCUMENT_UPLOAD.limitText).toBe('JPG, PNG o PDF, hasta 5 MB')
  })
  it('the profile photo: JPG or PNG up to 3 MB', () => {
    expect(uploadProblem(file('yo.jpg', 'image/jpeg', 3 * MB), PROFILE_PHOTO_UPLOAD)).toBeNull()
    expect(uploadProblem(file('yo.jpg', 'image/jpeg', 3 * MB + 1), PROFILE_PHOTO_UPLOAD)).toBe('tooLarge')
    expect(uploadProblem(file('yo.pdf', 'application/pdf', 10), PROFILE_PHOTO_UPLOAD)).toBe('invalidType')
    expect(PROFILE_PHOTO_UPLOAD.limitText).toBe('JPG o PNG, hasta 3 MB')
  })
  it('the owner ID images: under 3 MB (3145727 bytes pass, 3145728 do not), messages naming the image', () => {
    const front = OWNER_ID_IMAGE_UPLOADS.cedula_identidad_frontal_owner
    expect(uploadProblem(file('ci.png', 'image/png', OWNER_ID_IMAGE_MAX_BYTES - 1), front)).toBeNull()
    expect(uploadProblem(file('ci.png', 'image/png', OWNER_ID_IMAGE_MAX_BYTES), front)).toBe('tooLarge')
    expect(uploadMessage('tooLarge', front)).toBe(
      'El archivo Cédula de identidad (frontal) es demasiado grande. Por favor, sube un archivo de menos de 3MB.',
    )
    expect(uploadMessage('invalidType', OWNER_ID_IMAGE_UPLOADS.cedula_identidad_posterior_owner)).toContain(
      'Cédula de identidad (posterior) tiene un tipo no válido',
    )
  })
  it('logos are never shrunk (transparency), so a large one is refused', () => {
    expect(isShrinkablePhoto(file('logo.png', 'image/png', 4 * MB), LOGO_UPLOAD)).toBe(false)
    expect(uploadProblem(file('logo.png', 'image/png', 4 * MB), LOGO_UPLOAD, { canShrink: true })).toBe('tooLarge')
    expect(uploadProblem(file('logo.webp', 'image/webp', MB), LOGO_UPLOAD)).toBeNull()
  })
  it('every upload has its limit text and accept list in line with its types', () => {
    const all: UploadRules[] = [
      DOCUMENT_UPLOAD,
      PROFILE_PHOTO_UPLOAD,
      LOGO_UPLOAD,
      ...Object.values(OWNER_ID_IMAGE_UPLOADS),
    ]
    for (const rules of all) {
      expect(rules.limitText).toMatch(/MB$/)
      expect(rules.accept.split(',')).toEqual([...rules.extensions])
    }
  })
  it('formatMegabytes writes a Chilean decimal', () => {
    expect(formatMegabytes(6.2 * MB)).toBe('6,2 MB')
    expect(formatMegabytes(1_300_000)).toBe('1,2 MB')
  })
})
