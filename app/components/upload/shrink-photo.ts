import { PHOTO_SHRINK } from '#domain/uploads'

/**
 * A photo over the limit, shrunk in the browser: decoded with
 * createImageBitmap (orientation applied), drawn on a canvas with its longest side at most
 * 2000 px and encoded as JPEG at quality 0.8; when that is still too big, smaller and lower
 * quality, a few times. null when the browser cannot decode it or it does not get small enough.
 */
export async function shrinkPhoto(file: File, maxBytes: number): Promise<File | null> {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    return null
  }
  const attempts: Array<[number, number]> = [
    [PHOTO_SHRINK.maxSide, PHOTO_SHRINK.quality],
    [PHOTO_SHRINK.maxSide, 0.7],
    [1600, 0.7],
    [1280, 0.65],
    [1024, 0.6],
  ]
  try {
    for (const [side, quality] of attempts) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height))
      const width = Math.max(1, Math.round(bitmap.width * scale))
      const height = Math.max(1, Math.round(bitmap.height * scale))
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = height
      const context = canvas.getContext('2d')
      if (!context) return null
      // A JPEG has no transparency: a PNG's transparent parts become white, not black.
      context.fillStyle = '#ffffff'
      context.fillRect(0, 0, width, height)
      context.drawImage(bitmap, 0, 0, width, height)
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality))
      canvas.width = 0
      canvas.height = 0
      if (blob && blob.size > 0 && blob.size <= maxBytes) {
        const name = `${file.name.replace(/\.[^.]*$/, '') || 'foto'}.jpg`
        return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified })
      }
    }
    return null
  } finally {
    bitmap.close()
  }
}

/** What useUploadField calls to shrink a photo (shrinkPhoto, passed by the pages whose rules shrink photos). */
export type PhotoShrinker = typeof shrinkPhoto
