import { ANALYSIS_LONG_SIDE, photoFlags, type PhotoFlag } from '#domain/photo-quality'

/** sharp (libvips) is loaded on the first image, not at start. */
export const loadSharp = async () => (await import('sharp')).default

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
  const sharp = await loadSharp()
  const out = await sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' })
    .rotate()
    .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'cover', position: 'attention' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer()
  return new Uint8Array(out)
}

/** A document image may be big (a scan), but not a decompression bomb. */
export const DOCUMENT_MAX_PIXELS = 50_000_000
const DOCUMENT_MAX_SIDE = 4000

/**
 * Document images are decoded and written anew like photos: metadata is dropped, the
 * orientation applied, at most 4000 px a side, and anything that is not really an image (or one
 * over 50 megapixels, such as a 400-megapixel PNG) throws here instead of reaching the reviewer.
 */
export async function normalizeDocumentImage(bytes: Uint8Array, type: 'image/png' | 'image/jpeg'): Promise<Uint8Array> {
  const sharp = await loadSharp()
  const image = sharp(bytes, { limitInputPixels: DOCUMENT_MAX_PIXELS, failOn: 'error' })
    .rotate()
    .resize(DOCUMENT_MAX_SIDE, DOCUMENT_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
  const out =
    type === 'image/png' ? await image.png().toBuffer() : await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer()
  return new Uint8Array(out)
}

/**
 * Headers of a stored file served inline. A PDF is a document of its own that may carry
 * JavaScript: `Content-Security-Policy: sandbox` gives it an opaque origin with no scripts, so
 * it cannot act on the site (the console frames it).
 */
export function storedFileHeaders(type: string, filename: string, length: number): Record<string, string> {
  return {
    'content-type': type,
    'content-length': String(length),
    'content-disposition': `inline; filename="${filename}"`,
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': 'sandbox',
  }
}

/**
 * The photo checks (domain/photo-quality.ts) on a received document image: libvips decodes it
 * already shrunk (a JPEG at a fraction of its size, off the event loop) to twice the analysed
 * size, and the domain's function measures that. A few milliseconds of JavaScript on a 1024 px copy.
 */
export async function documentPhotoFlags(bytes: Uint8Array): Promise<PhotoFlag[]> {
  const sharp = await loadSharp()
  const image = sharp(bytes, { limitInputPixels: DOCUMENT_MAX_PIXELS, failOn: 'error' })
  const { width = 0, height = 0 } = await image.metadata()
  const side = ANALYSIS_LONG_SIDE * 2
  const { data, info } = await image
    .rotate()
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return photoFlags({ width: info.width, height: info.height, data }, { width, height })
}
