/**
 * Writes tests/fixtures/photo-quality/<kind>-<nn>-<slot>.jpg: labelled phone photos of the
 * specimen drawings (services/platform/seed/specimens.ts, never real IDs) on which the photo
 * checks (domain/photo-quality.ts) are calibrated and tested (tests/photo-quality.test.ts):
 *
 *   npx tsx scripts/generate-photo-fixtures.ts
 *
 * Each photo is a drawing rendered, turned and sheared a little on a table, lit unevenly, then
 * spoiled as its kind says (blurred: out of focus or shaken; dark; overexposed; glare: a lamp's
 * reflection; small: a good photo under the minimum size), with sensor noise and JPEG. A seeded
 * generator draws every choice: the same script writes the same files.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { DOCUMENT_SLOT_KEYS } from '#domain/reference-data/documents'
import { specimenPages } from '#services/platform/seed/specimens'

export const FIXTURES_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'tests',
  'fixtures',
  'photo-quality',
)

export const FIXTURE_KINDS = ['good', 'blurred', 'dark', 'overexposed', 'glare', 'small'] as const
export type FixtureKind = (typeof FIXTURE_KINDS)[number]

const COUNTS: Record<FixtureKind, number> = { good: 32, blurred: 12, dark: 10, overexposed: 10, glare: 12, small: 10 }

/** mulberry32: small, seeded, good enough to draw a photo's choices. */
function random(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    between: (lo: number, hi: number) => lo + (hi - lo) * next(),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    /** A standard normal draw (Box–Muller). */
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
  }
}
type Random = ReturnType<typeof random>

const SCANNED = [
  'certificado_antecedentes',
  'licencia_conducir_posterior',
  'comprobante_domicilio',
  'permiso_circulacion_frontal',
] as const

const TABLES = [
  [92, 78, 64],
  [150, 120, 90],
  [60, 62, 70],
  [120, 124, 130],
  [40, 34, 30],
] as const

function viewBox(svg: string) {
  const [, w, h] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!
  return { w: Number(w), h: Number(h) }
}

interface Scene {
  width: number
  height: number
  /** RGB, 3 floats a pixel. */
  rgb: Float32Array
}

/** The drawing on a table: rendered, turned and sheared a little (a phone is never square to the paper). */
async function photograph(svg: string, long: number, r: Random, scan: boolean): Promise<Scene> {
  const { w, h } = viewBox(svg)
  const landscape = w >= h
  const [width, height] = landscape ? [long, Math.round(long * 0.75)] : [Math.round(long * 0.75), long]
  const fill = scan ? 0.97 : r.between(0.68, 0.88)
  const scale = Math.min((width * fill) / w, (height * fill) / h)
  const density = (72 * Math.max(w, h) * scale) / Math.max(w, h)
  const table = scan ? [255, 255, 255] : r.pick(TABLES)
  const background = { r: table[0]!, g: table[1]!, b: table[2]!, alpha: 1 }
  const angle = scan ? 0 : (r.between(-5, 5) * Math.PI) / 180
  const shear = scan ? 0 : r.between(-0.05, 0.05)
  const paper = await sharp(Buffer.from(svg), { density })
    .flatten({ background: '#ffffff' })
    .affine(
      [
        [Math.cos(angle), -Math.sin(angle) + shear],
        [Math.sin(angle), Math.cos(angle)],
      ],
      { background, interpolator: 'bilinear' },
    )
    .raw()
    .toBuffer({ resolveWithObject: true })
  const cropW = Math.min(paper.info.width, width)
  const cropH = Math.min(paper.info.height, height)
  const fitted = await sharp(paper.data, { raw: paper.info })
    .extract({
      left: Math.floor((paper.info.width - cropW) / 2),
      top: Math.floor((paper.info.height - cropH) / 2),
      width: cropW,
      height: cropH,
    })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const left = Math.round((width - cropW) / 2 + r.between(-0.04, 0.04) * width * (1 - fill))
  const top = Math.round((height - cropH) / 2 + r.between(-0.04, 0.04) * height * (1 - fill))
  const { data } = await sharp({ create: { width, height, channels: 3, background } })
    .composite([
      {
        input: fitted.data,
        raw: fitted.info,
        left: Math.max(0, Math.min(width - cropW, left)),
        top: Math.max(0, Math.min(height - cropH, top)),
      },
    ])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { width, height, rgb: Float32Array.from(data) }
}

/** Uneven light: an exposure, a fall-off to the corners and a brighter side, at most `ceiling`. */
function light(scene: Scene, r: Random, exposure: number, ceiling: number) {
  const { width, height, rgb } = scene
  const vignette = r.between(0.05, 0.22)
  const tilt = r.between(-0.08, 0.08)
  const tiltY = r.between(-0.08, 0.08)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = x / width - 0.5
      const dy = y / height - 0.5
      // The camera exposes for the paper: its white stays under `ceiling` however the light falls.
      const k = Math.min(
        ceiling,
        exposure * (1 - vignette * 2 * (dx * dx + dy * dy)) * (1 + tilt * dx * 2 + tiltY * dy * 2),
      )
      const i = (y * width + x) * 3
      rgb[i] = rgb[i]! * k
      rgb[i + 1] = rgb[i + 1]! * k
      rgb[i + 2] = rgb[i + 2]! * k
    }
  }
}

/** A lamp's reflection: light added over a round patch of the paper, far past white in its middle. */
function glare(scene: Scene, r: Random) {
  const { width, height, rgb } = scene
  const cx = r.between(0.3, 0.7) * width
  const cy = r.between(0.3, 0.7) * height
  const radius = r.between(0.1, 0.2) * Math.max(width, height)
  const stretch = r.between(0.6, 1.4)
  const strength = r.between(260, 420)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = ((x - cx) / (radius * stretch)) ** 2 + ((y - cy) / radius) ** 2
      const add = strength * Math.exp(-1.6 * d)
      const i = (y * width + x) * 3
      rgb[i] = rgb[i]! + add
      rgb[i + 1] = rgb[i + 1]! + add
      rgb[i + 2] = rgb[i + 2]! + add * 0.97
    }
  }
}

function toBytes(rgb: Float32Array): Uint8Array {
  const out = new Uint8Array(rgb.length)
  for (let i = 0; i < rgb.length; i++) out[i] = Math.max(0, Math.min(255, Math.round(rgb[i]!)))
  return out
}

/** Out of focus (a Gaussian) or shaken (a short line of light, straight or slanted). */
async function blur(scene: Scene, r: Random, sigma: number | null): Promise<Scene> {
  const raw = { width: scene.width, height: scene.height, channels: 3 as const }
  let image = sharp(toBytes(scene.rgb), { raw })
  if (sigma !== null) image = image.blur(sigma)
  else {
    const size = 2 * Math.round(r.between(5, 9)) + 1
    const slant = r.next() < 0.5
    const kernel = new Array<number>(size * size).fill(0)
    const mid = (size - 1) / 2
    for (let k = 0; k < size; k++) kernel[slant ? k * size + k : mid * size + k] = 1
    image = image.convolve({ width: size, height: size, kernel })
  }
  const data = await image.raw().toBuffer()
  return { ...scene, rgb: Float32Array.from(data) }
}

/** Sensor noise, then the camera's clipping. */
function noise(scene: Scene, r: Random, sigma: number) {
  for (let i = 0; i < scene.rgb.length; i += 3) {
    const shared = r.normal() * sigma
    for (let c = 0; c < 3; c++) scene.rgb[i + c] = scene.rgb[i + c]! + shared + r.normal() * sigma * 0.4
  }
}

export async function fixturePhoto(kind: FixtureKind, n: number): Promise<{ name: string; bytes: Uint8Array }> {
  const r = random(1000 * FIXTURE_KINDS.indexOf(kind) + n + 7)
  // A few good ones are scans: the paper fills the frame, its white is pure white (papers only:
  // nobody scans a photo of a van).
  const scan = kind === 'good' && n % 8 === 3
  const slot = scan
    ? SCANNED[Math.floor(n / 8) % SCANNED.length]!
    : DOCUMENT_SLOT_KEYS[(n * 7 + FIXTURE_KINDS.indexOf(kind) * 3) % DOCUMENT_SLOT_KEYS.length]!
  const [svg] = specimenPages(slot)
  const long = kind === 'small' ? Math.round(r.between(420, 900)) : Math.round(r.between(1080, 1400))
  let scene = await photograph(svg!, long, r, scan)
  if (scan) light(scene, r, 1.08, 1.08)
  else light(scene, r, r.between(0.8, 0.93), 0.95)
  if (kind === 'glare') glare(scene, r)
  if (kind === 'blurred') scene = await blur(scene, r, r.next() < 0.5 ? r.between(2.4, 6) : null)
  // Phone photos are never quite sharp.
  else if (!scan && r.next() < 0.5) scene = await blur(scene, r, r.between(0.4, 0.9))
  const { rgb } = scene
  if (kind === 'dark') {
    const k = r.between(0.14, 0.36)
    for (let i = 0; i < rgb.length; i++) rgb[i] = Math.min(255, rgb[i]!) * k
  }
  if (kind === 'overexposed') {
    const gain = r.between(0.5, 0.75)
    const lift = r.between(140, 190)
    for (let i = 0; i < rgb.length; i++) rgb[i] = Math.min(255, rgb[i]!) * gain + lift
  }
  if (!scan) noise(scene, r, kind === 'dark' ? r.between(2, 5) : r.between(1.5, 4))
  const bytes = await sharp(toBytes(scene.rgb), { raw: { width: scene.width, height: scene.height, channels: 3 } })
    .jpeg({ quality: Math.round(r.between(68, 82)), mozjpeg: true })
    .toBuffer()
  return { name: `${kind}-${String(n + 1).padStart(2, '0')}-${slot}.jpg`, bytes: new Uint8Array(bytes) }
}

/** Every fixture's name and kind, in the order they are written. */
export function fixtureList(): Array<{ kind: FixtureKind; n: number }> {
  return FIXTURE_KINDS.flatMap((kind) => Array.from({ length: COUNTS[kind] }, (_, n) => ({ kind, n })))
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.rmSync(FIXTURES_DIR, { recursive: true, force: true })
  fs.mkdirSync(FIXTURES_DIR, { recursive: true })
  let total = 0
  for (const { kind, n } of fixtureList()) {
    const { name, bytes } = await fixturePhoto(kind, n)
    fs.writeFileSync(path.join(FIXTURES_DIR, name), bytes)
    total += bytes.byteLength
  }
  console.log(`${fixtureList().length} fotos, ${(total / 1024 / 1024).toFixed(1)} MB en ${FIXTURES_DIR}`)
}
