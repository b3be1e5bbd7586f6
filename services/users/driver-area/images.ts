import sharp from 'sharp'

export type SniffedType = 'image/png' | 'image/jpeg' | 'application/pdf'

export const EXTENSION_FOR: Record<SniffedType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/pdf': 'pdf',
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const JPEG = [0xff, 0xd8, 0xff]
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d] // %PDF-

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b)
}

/**
 * What the bytes really are, whatever the name or the browser said: a PDF renamed to .png is a
 * PDF, an executable renamed to .jpg is nothing we accept (null).
 */
export function sniffType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, PNG)) return 'image/png'
  if (startsWith(bytes, JPEG)) return 'image/jpeg'
  if (startsWith(bytes, PDF)) return 'application/pdf'
  return null
}

export const PROFILE_IMAGE_SIZE = 256

/**
 * Decodes the upload and re-encodes it as a square JPEG: metadata (EXIF, GPS) is dropped and
 * anything that only looks like an image fails here. Throws when the image cannot be decoded.
 */
export async function normalizeProfileImage(bytes: Uint8Array): Promise<Uint8Array> {
  const out = await sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' })
    .rotate()
    .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'cover', position: 'attention' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer()
  return new Uint8Array(out)
}
