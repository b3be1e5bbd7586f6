import { ANALYSIS_LONG_SIDE, PHOTO_FLAG_ADVICE, photoFlags } from '#domain/photo-quality'

/**
 * The photo checks in the browser, loaded when a file is chosen (a dynamic import: the form
 * page's first load carries none of it). The photo is decoded with its orientation, drawn at
 * twice the analysed size at most, and measured by the same function as the service
 * (domain/photo-quality.ts). What to tell the driver, one sentence per problem; none when the
 * photo looks fine or the browser cannot decode it (the service measures it anyway).
 */
export async function photoAdvice(file: File): Promise<string[]> {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    return []
  }
  try {
    const scale = Math.min(1, (ANALYSIS_LONG_SIDE * 2) / Math.max(bitmap.width, bitmap.height))
    const width = Math.max(1, Math.round(bitmap.width * scale))
    const height = Math.max(1, Math.round(bitmap.height * scale))
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    const context = canvas.getContext('2d', { willReadFrequently: true })
    if (!context) return []
    context.imageSmoothingQuality = 'high'
    // A PNG's transparent parts read as white paper, as the service flattens them.
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, width, height)
    context.drawImage(bitmap, 0, 0, width, height)
    const pixels = context.getImageData(0, 0, width, height)
    canvas.width = 0
    canvas.height = 0
    return photoFlags(pixels, bitmap).map((flag) => PHOTO_FLAG_ADVICE[flag])
  } finally {
    bitmap.close()
  }
}
