import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { DOCUMENT_SLOT_KEYS } from '#domain/reference-data/documents'
import { SPECIMENS_DIR, specimenFiles } from '../../../scripts/generate-specimens'
import { specimenPages } from './specimens'

/** The only RUTs a specimen may show: invented ones, obviously so. */
const INVENTED_RUTS = new Set(['12.345.678-5', '11.111.111-1', '99.999.999-9'])

describe('the specimen drawings (public/specimens)', () => {
  it('has one for every slot of the checklist, and nothing else', () => {
    expect(fs.readdirSync(SPECIMENS_DIR).sort()).toEqual(DOCUMENT_SLOT_KEYS.map((slot) => `${slot}.svg`).sort())
  })

  it('are what scripts/generate-specimens.ts writes', () => {
    for (const { file, svg } of specimenFiles()) {
      expect(fs.readFileSync(path.join(SPECIMENS_DIR, file), 'utf8'), file).toBe(svg)
    }
  })

  it.each(DOCUMENT_SLOT_KEYS)('%s: a small valid SVG marked MUESTRA, with invented data only', async (slot) => {
    const svg = fs.readFileSync(path.join(SPECIMENS_DIR, `${slot}.svg`), 'utf8')
    expect(Buffer.byteLength(svg)).toBeLessThan(12 * 1024)
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) (\d+)" width="\1" height="\2"/,
    )
    expect(svg).toContain('>MUESTRA</text>')
    expect(svg).toMatch(/aria-label="Ejemplo de [^"]+: una muestra con datos ficticios"/)
    // Drawn, never a pasted picture.
    expect(svg).not.toMatch(/<image|data:|href=/)
    for (const rut of svg.match(/\d{1,2}\.\d{3}\.\d{3}-[\dK]/g) ?? []) expect(INVENTED_RUTS).toContain(rut)
    // The XML parses and draws (sharp's librsvg refuses a malformed file).
    const { width, height } = await sharp(Buffer.from(svg)).metadata()
    const [, w, h] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!
    expect([width, height]).toEqual([Number(w), Number(h)])
  })

  it('draws cards at ID-1 proportions and certificates at letter size', () => {
    const ratio = (svg: string) => {
      const [, w, h] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!
      return Number(w) / Number(h)
    }
    for (const card of ['cedula_identidad_frontal', 'licencia_conducir_posterior'] as const) {
      expect(ratio(specimenPages(card)[0]!)).toBeCloseTo(85.6 / 54, 2)
    }
    for (const page of specimenPages('hoja_vida_conductor')) expect(ratio(page)).toBeCloseTo(8.5 / 11, 2)
  })

  it('show another holder everywhere the invented person stood (the demo driver’s photos match her profile)', () => {
    const holder = { names: 'ANA', surnames: 'ROJAS DÍAZ', rut: '16.234.567-2', address: 'PASAJE UNO 1, MAIPÚ' }
    for (const slot of DOCUMENT_SLOT_KEYS) {
      const invented = specimenPages(slot).join('')
      const theirs = specimenPages(slot, holder).join('')
      for (const text of ['CAMILA', 'PÉREZ', 'PEREZ', '12.345.678-5', '12345678', 'CALLE FICTICIA']) {
        expect(theirs, `${slot}: ${text}`).not.toContain(text)
      }
      if (invented.includes('12.345.678-5')) expect(theirs, slot).toContain('16.234.567-2')
      if (invented.includes('CAMILA ANDREA')) expect(theirs, slot).toMatch(/ANA ROJAS DÍAZ|ROJAS DÍAZ ANA|>ANA</)
    }
    expect(specimenPages('cedula_identidad_posterior', holder)[0]).toContain('ROJAS&lt;DIAZ&lt;&lt;ANA&lt;&lt;')
  })
})
