import { COMPANY_MESSAGES, LOGO_MAX_BYTES } from '#domain/validation/company'
import { ApiError } from '#services/platform/http'
import type { Platform } from '#services/platform/platform'

/** Where a stored logo is served from (by logoRoutes, under the services' /api mount). */
export const LOGO_URL_PREFIX = '/api/business/logos/'
const LOGO_SIZE_PX = 400
// A small file can still decode to a huge bitmap: refuse anything beyond ~50 megapixels.
const MAX_INPUT_PIXELS = 50_000_000

/** The type is decided by the bytes, never by the name or the declared MIME type. */
export function sniffImage(bytes: Uint8Array): 'png' | 'jpeg' | 'webp' | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b)
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg'
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp'
  return null
}

/**
 * The optional logoBusiness part: checked (≤ 3 MB, png/jpeg/webp by content), resized to fit
 * 400×400 and stored as WebP. Returns the stored key, or null when no logo was sent.
 */
export async function storeLogo(p: Platform, part: FormDataEntryValue | null): Promise<string | null> {
  if (part === null || part === '') return null
  if (typeof part === 'string') throw new ApiError(400, COMPANY_MESSAGES.logoType)
  if (part.size === 0) return null
  if (part.size > LOGO_MAX_BYTES) throw new ApiError(400, COMPANY_MESSAGES.logoSize)
  const bytes = new Uint8Array(await part.arrayBuffer())
  if (!sniffImage(bytes)) throw new ApiError(400, COMPANY_MESSAGES.logoType)
  let resized: Buffer
  try {
    const sharp = (await import('sharp')).default
    resized = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(LOGO_SIZE_PX, LOGO_SIZE_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer()
  } catch {
    throw new ApiError(400, COMPANY_MESSAGES.logoType)
  }
  return p.files.put('logos', new Uint8Array(resized), 'webp')
}

export function logoUrl(key: string): string {
  return LOGO_URL_PREFIX + key.slice('logos/'.length)
}
