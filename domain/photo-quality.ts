/**
 * Is a photo of a document good enough to read? One pure function for the browser (before the
 * photo travels, on the driver's phone) and the service (on the image it received, so a photo
 * sent without JS is measured too). It takes decoded RGBA pixels, any size (a caller with a big
 * photo shrinks it first with its native decoder: ANALYSIS_LONG_SIDE × 2 is plenty), and the
 * photo's real size when the pixels are a shrunk copy.
 *
 * Everything is measured on a greyscale copy with its long side at ANALYSIS_LONG_SIDE (area
 * averaging), so a 4000 px photo and a 1200 px one of the same scene measure the same, and the
 * browser's and the server's resampling differ only in the first halving. The thresholds were
 * set on the labelled photos of tests/fixtures/photo-quality/ (scripts/generate-photo-fixtures.ts)
 * and tests/photo-quality.test.ts holds them to their rates.
 */

/** Decoded pixels: `data` is RGBA, 4 bytes a pixel, row by row (ImageData, sharp's raw output). */
export interface RgbaImage {
  width: number
  height: number
  data: Uint8ClampedArray | Uint8Array
}

export const PHOTO_FLAGS = ['small', 'dark', 'overexposed', 'blurred', 'glare'] as const
export type PhotoFlag = (typeof PHOTO_FLAGS)[number]

/** A shorter long side cannot show a card's small print or a certificate's lines. */
export const PHOTO_MIN_LONG_SIDE = 1000
export const ANALYSIS_LONG_SIDE = 512

export interface PhotoMeasures {
  /** The photo's long side in pixels (its real size, not the analysed copy's). */
  longSide: number
  /** Luma percentiles (0–255) and mean. */
  mean: number
  p02: number
  p50: number
  p90: number
  /** Share of pixels at the top of the range (0–1). */
  saturated: number
  /**
   * Edge sharpness independent of contrast: the mean square of the second derivative in the
   * weaker of the two directions, over the squared luma range (p98 − p02), × 1000.
   */
  sharpness: number
}

export const PHOTO_THRESHOLDS = {
  /** Dark: even the bright parts (paper) stay dim. */
  darkP90: 110,
  /** Overexposed: the darkest parts (the ink) have gone pale, and the whole is bright. */
  overP02: 150,
  overMean: 200,
  /** A pixel counts as burnt out from this luma. */
  saturatedLuma: 248,
  /** Glare: a burnt-out share of the frame on paper that is not itself white… */
  glareShare: 0.015,
  glareP50: 240,
  /** Blurred: below this sharpness. */
  blurred: 2.5,
} as const

/** What the driver reads before sending, and what to do about it. */
export const PHOTO_FLAG_ADVICE: Record<PhotoFlag, string> = {
  small: 'La foto es muy pequeña: tómala con la cámara, con el documento llenando la pantalla.',
  dark: 'La foto está muy oscura: busca más luz, junto a una ventana o con la luz encendida, y vuelve a tomarla.',
  overexposed: 'La foto tiene demasiada luz: aléjate del sol directo y vuelve a tomarla.',
  blurred: 'La foto está borrosa: apoya el teléfono y vuelve a tomarla.',
  glare:
    'La foto tiene un reflejo que tapa parte del documento: inclínalo un poco o apaga el flash y vuelve a tomarla.',
}

/** What the reviewer reads beside the photo: a warning, not a verdict. */
export const PHOTO_FLAG_REVIEW: Record<PhotoFlag, string> = {
  small: 'posible baja resolución',
  dark: 'posible foto oscura',
  overexposed: 'posible exceso de luz',
  blurred: 'posible desenfoque',
  glare: 'posible reflejo',
}

/** Luma of every pixel (Rec. 601), as floats. */
function luma(image: RgbaImage): Float32Array {
  const { width, height, data } = image
  const out = new Float32Array(width * height)
  for (let i = 0, j = 0; i < out.length; i++, j += 4) {
    out[i] = 0.299 * data[j]! + 0.587 * data[j + 1]! + 0.114 * data[j + 2]!
  }
  return out
}

/** For each output index along an axis of `from` → `to` cells: the input cells it covers and their weights. */
function coverage(from: number, to: number): Array<{ start: number; weights: number[] }> {
  const step = from / to
  const out = []
  for (let o = 0; o < to; o++) {
    const a = o * step
    const b = a + step
    const start = Math.floor(a)
    const weights = []
    for (let i = start; i < Math.min(from, Math.ceil(b)); i++)
      weights.push((Math.min(b, i + 1) - Math.max(a, i)) / step)
    out.push({ start, weights })
  }
  return out
}

/** Area-averaged resize of a greyscale image (each output pixel is the mean of the input area it covers). */
function shrinkGrey(grey: Float32Array, w: number, h: number, nw: number, nh: number): Float32Array {
  const cols = coverage(w, nw)
  const rows = coverage(h, nh)
  const across = new Float32Array(nw * h)
  for (let y = 0; y < h; y++) {
    const row = y * w
    for (let x = 0; x < nw; x++) {
      const { start, weights } = cols[x]!
      let sum = 0
      for (let k = 0; k < weights.length; k++) sum += grey[row + start + k]! * weights[k]!
      across[y * nw + x] = sum
    }
  }
  const out = new Float32Array(nw * nh)
  for (let y = 0; y < nh; y++) {
    const { start, weights } = rows[y]!
    for (let x = 0; x < nw; x++) {
      let sum = 0
      for (let k = 0; k < weights.length; k++) sum += across[(start + k) * nw + x]! * weights[k]!
      out[y * nw + x] = sum
    }
  }
  return out
}

/** The p-th percentile (0–1) of values in 0–255, by a 256-bin histogram. */
function percentile(histogram: Uint32Array, total: number, p: number): number {
  const target = p * total
  let seen = 0
  for (let v = 0; v < 256; v++) {
    seen += histogram[v]!
    if (seen >= target) return v
  }
  return 255
}

export function measurePhoto(image: RgbaImage, source: { width: number; height: number } = image): PhotoMeasures {
  const { width: w, height: h } = image
  let grey = luma(image)
  let gw = w
  let gh = h
  const long = Math.max(w, h)
  if (long > ANALYSIS_LONG_SIDE) {
    const scale = ANALYSIS_LONG_SIDE / long
    gw = Math.max(1, Math.round(w * scale))
    gh = Math.max(1, Math.round(h * scale))
    grey = shrinkGrey(grey, w, h, gw, gh)
  }
  const histogram = new Uint32Array(256)
  let sum = 0
  let saturated = 0
  for (const v of grey) {
    histogram[Math.min(255, Math.max(0, Math.round(v)))]!++
    sum += v
    if (v >= PHOTO_THRESHOLDS.saturatedLuma) saturated++
  }
  const n = grey.length
  const p02 = percentile(histogram, n, 0.02)
  const p98 = percentile(histogram, n, 0.98)
  // The second derivatives across and down (the two halves of the Laplacian), inside the border:
  // a shaken photo keeps its edges along the shake and loses those across it, so the weaker
  // direction is the one that tells.
  let across = 0
  let down = 0
  let count = 0
  for (let y = 1; y < gh - 1; y++) {
    for (let x = 1; x < gw - 1; x++) {
      const i = y * gw + x
      const dxx = grey[i - 1]! + grey[i + 1]! - 2 * grey[i]!
      const dyy = grey[i - gw]! + grey[i + gw]! - 2 * grey[i]!
      across += dxx * dxx
      down += dyy * dyy
      count++
    }
  }
  const variance = count ? Math.min(across, down) / count : 0
  const range = Math.max(16, p98 - p02)
  return {
    longSide: Math.max(source.width, source.height),
    mean: n ? sum / n : 0,
    p02,
    p50: percentile(histogram, n, 0.5),
    p90: percentile(histogram, n, 0.9),
    saturated: n ? saturated / n : 0,
    sharpness: (1000 * variance) / (range * range),
  }
}

/** The flags of a measured photo, in the order of PHOTO_FLAGS. */
export function photoFlagsOf(m: PhotoMeasures): PhotoFlag[] {
  const t = PHOTO_THRESHOLDS
  const flags: PhotoFlag[] = []
  if (m.longSide < PHOTO_MIN_LONG_SIDE) flags.push('small')
  const dark = m.p90 < t.darkP90
  const overexposed = m.p02 >= t.overP02 && m.mean >= t.overMean
  if (dark) flags.push('dark')
  if (overexposed) flags.push('overexposed')
  // A dark or washed-out photo has lost its edges with its contrast: that is said once.
  if (!dark && !overexposed && m.sharpness < t.blurred) flags.push('blurred')
  if (!overexposed && m.saturated >= t.glareShare && m.p50 < t.glareP50) flags.push('glare')
  return flags
}

/** The flags of a photo: `source` is its real size when `image` is a shrunk copy. */
export function photoFlags(image: RgbaImage, source?: { width: number; height: number }): PhotoFlag[] {
  return photoFlagsOf(measurePhoto(image, source))
}

/** The stored form of the flags (a comma-separated list; '' when none), and back. */
export function serializePhotoFlags(flags: readonly PhotoFlag[]): string {
  return flags.join(',')
}

export function parsePhotoFlags(stored: string | null | undefined): PhotoFlag[] {
  if (!stored) return []
  return stored.split(',').filter((f): f is PhotoFlag => (PHOTO_FLAGS as readonly string[]).includes(f))
}
