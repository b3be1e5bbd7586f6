/**
 * The photo checks (domain/photo-quality.ts) on the labelled photos of
 * tests/fixtures/photo-quality/ (scripts/generate-photo-fixtures.ts): each bad kind is found in at
 * least 90 % of its photos, and no flag is raised on more than 5 % of the good ones. Measured the
 * way the service measures (sharp shrinks, the domain function judges) and the way a browser does
 * (a canvas draws the photo at ≤ 1024 px and hands over its ImageData: here @napi-rs/canvas).
 */
import fs from 'node:fs'
import path from 'node:path'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'
import { ANALYSIS_LONG_SIDE, PHOTO_FLAGS, photoFlags, type PhotoFlag } from '#domain/photo-quality'
import { documentPhotoFlags } from '#services/users/driver-area/images'
import { FIXTURE_KINDS, FIXTURES_DIR, type FixtureKind } from '../scripts/generate-photo-fixtures'

const files = fs
  .readdirSync(FIXTURES_DIR)
  .filter((f) => f.endsWith('.jpg'))
  .sort()
const kindOf = (file: string) => file.split('-')[0] as FixtureKind

/** As a browser page does it: decoded, drawn at twice the analysed size at most, read back. */
async function canvasFlags(bytes: Uint8Array): Promise<PhotoFlag[]> {
  const image = await loadImage(Buffer.from(bytes))
  const scale = Math.min(1, (ANALYSIS_LONG_SIDE * 2) / Math.max(image.width, image.height))
  const width = Math.round(image.width * scale)
  const height = Math.round(image.height * scale)
  const canvas = createCanvas(width, height)
  const context = canvas.getContext('2d')
  context.imageSmoothingQuality = 'high'
  context.drawImage(image, 0, 0, width, height)
  return photoFlags(context.getImageData(0, 0, width, height), image)
}

/** The flag a bad kind must raise (the good ones must raise none). */
const EXPECTED: Record<Exclude<FixtureKind, 'good'>, PhotoFlag> = {
  blurred: 'blurred',
  dark: 'dark',
  overexposed: 'overexposed',
  glare: 'glare',
  small: 'small',
}

async function rates(measure: (bytes: Uint8Array) => Promise<PhotoFlag[]>) {
  const results = await Promise.all(
    files.map(async (file) => ({
      file,
      kind: kindOf(file),
      flags: await measure(new Uint8Array(fs.readFileSync(path.join(FIXTURES_DIR, file)))),
    })),
  )
  const good = results.filter((r) => r.kind === 'good')
  const rows = FIXTURE_KINDS.filter((k) => k !== 'good').map((kind) => {
    const flag = EXPECTED[kind]
    const bad = results.filter((r) => r.kind === kind)
    const found = bad.filter((r) => r.flags.includes(flag)).length
    const falseAlarms = good.filter((r) => r.flags.includes(flag)).length
    return {
      kind,
      photos: bad.length,
      detected: found / bad.length,
      falseAlarms: falseAlarms / good.length,
      missed: bad.filter((r) => !r.flags.includes(flag)).map((r) => r.file),
    }
  })
  const anyAlarm = good.filter((r) => r.flags.length > 0)
  return { rows, good: good.length, anyAlarm, results }
}

function table(title: string, r: Awaited<ReturnType<typeof rates>>) {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`.padStart(8)
  return [
    `${title}: ${files.length} fotos (${r.good} buenas)`,
    'tipo         fotos  detectadas  falsas alarmas en buenas',
    ...r.rows.map(
      (row) =>
        `${row.kind.padEnd(12)} ${String(row.photos).padStart(5)}  ${pct(row.detected)}    ${pct(row.falseAlarms)}`,
    ),
    `buenas con alguna alerta: ${r.anyAlarm.length} de ${r.good} (${pct(r.anyAlarm.length / r.good).trim()})`,
  ].join('\n')
}

describe('photo checks on the labelled photos', () => {
  it('has at least 80 photos of every kind, small on disk', () => {
    expect(files.length).toBeGreaterThanOrEqual(80)
    for (const kind of FIXTURE_KINDS) expect(files.filter((f) => kindOf(f) === kind).length, kind).toBeGreaterThan(0)
    const bytes = files.reduce((sum, f) => sum + fs.statSync(path.join(FIXTURES_DIR, f)).size, 0)
    expect(bytes).toBeLessThan(5 * 1024 * 1024)
  })

  for (const [title, measure] of [
    ['servicio (sharp)', documentPhotoFlags],
    ['navegador (canvas)', canvasFlags],
  ] as const) {
    it(`finds ≥ 90 % of each bad kind with ≤ 5 % false alarms: ${title}`, async () => {
      const r = await rates(measure)
      console.log(table(title, r))
      for (const row of r.rows) {
        expect(row.detected, `${row.kind} sin detectar: ${row.missed.join(', ')}`).toBeGreaterThanOrEqual(0.9)
        expect(row.falseAlarms, row.kind).toBeLessThanOrEqual(0.05)
      }
      expect(r.anyAlarm.length / r.good, r.anyAlarm.map((a) => `${a.file}: ${a.flags}`).join('; ')).toBeLessThanOrEqual(
        0.05,
      )
      // Every flag the checks can raise was raised on the photos of its kind.
      expect(new Set(r.results.flatMap((x) => x.flags))).toEqual(new Set(PHOTO_FLAGS))
    }, 120_000)
  }
})
