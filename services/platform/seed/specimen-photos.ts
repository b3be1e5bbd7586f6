/**
 * The demo driver's files, made at seed time from the specimen drawings (specimens.ts, decision
 * 93): a photo as a phone takes it (the paper a little turned on a table, 1600 px on its long
 * side) or a scanned PDF. Some are bad on purpose, so the console's viewer and its reviewers have
 * something to judge: blurred, dark, or with the glare of a lamp. Deterministic: one drawing and
 * one look always make the same bytes.
 */
import { PDFDocument } from 'pdf-lib'
import sharp from 'sharp'
import type { DocumentSlotKey } from '#domain/reference-data/documents'
import { DEMO_DRIVER_HOLDER, type DemoDocument } from './demo-documents'
import { specimenPages, type Holder } from './specimens'

export type SpecimenLook = 'clear' | 'blurred' | 'dark' | 'glare'

/** The long side of a photo, as a phone's upload arrives after the page shrinks it. */
const PHOTO_LONG_SIDE = 1600
const TABLE = { r: 92, g: 78, b: 64 }

function viewBox(svg: string) {
  const [, w, h] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!
  return { w: Number(w), h: Number(h) }
}

/** The drawing rendered `long` pixels on its long side, on `background` (a card's round corners show it). */
async function render(svg: string, long: number, background: sharp.Color = '#ffffff') {
  const { w, h } = viewBox(svg)
  const density = (72 * long) / Math.max(w, h)
  return sharp(Buffer.from(svg), { density }).flatten({ background })
}

/** Where the glare's brightest point falls, as a fraction of the photo's width and height. */
export const GLARE_AT = { x: 0.62, y: 0.38 }

/**
 * A lamp's reflection on the paper: a white blot, brightest in its middle, drawn into the specimen
 * (one rendering, no second pass over the photo). `at` is where it falls as a fraction of the paper.
 */
function withGlare(svg: string, w: number, h: number, at: { x: number; y: number }) {
  const blot =
    '<radialGradient id="glare"><stop stop-color="#fff"/><stop offset=".4" stop-color="#fff" stop-opacity=".97"/>' +
    '<stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>' +
    `<ellipse cx="${Math.round(w * at.x)}" cy="${Math.round(h * at.y)}" rx="${Math.round(w * 0.3)}" ` +
    `ry="${Math.round(h * 0.28)}" fill="url(#glare)"/>`
  return svg.replace(/<\/svg>\n?$/, `${blot}</svg>`)
}

/** The blurred and dark looks, over the whole photo or scan. */
function applyLook(image: sharp.Sharp, look: SpecimenLook) {
  if (look === 'blurred') return image.blur(9)
  // A room without light: every value scaled down (cheaper than a change of brightness in LCh).
  if (look === 'dark') return image.linear(0.28, 0)
  return image
}

/** A phone photo of the slot's specimen (of `holder`'s document): the paper turned a little, on a table. */
export async function specimenPhoto(slot: DocumentSlotKey, look: SpecimenLook, holder?: Holder): Promise<Uint8Array> {
  const [svg] = specimenPages(slot, holder)
  const { w, h } = viewBox(svg!)
  const landscape = w >= h
  const [width, height] = landscape ? [PHOTO_LONG_SIDE, 1200] : [1200, PHOTO_LONG_SIDE]
  // The paper fills most of the frame, as a driver holds the phone close to it.
  const scale = Math.min((width * 0.86) / w, (height * 0.86) / h)
  // The glare falls at GLARE_AT of the photo: the same point measured on the centred paper.
  const at = {
    x: 0.5 + ((GLARE_AT.x - 0.5) * width) / (w * scale),
    y: 0.5 + ((GLARE_AT.y - 0.5) * height) / (h * scale),
  }
  const drawing = look === 'glare' ? withGlare(svg!, w, h, at) : svg!
  const paper = await (
    await render(drawing, Math.round(Math.max(w, h) * scale), TABLE)
  )
    .rotate(slot.length % 2 ? 2.5 : -2, { background: { ...TABLE, alpha: 1 } })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const scene = await sharp({ create: { width, height, channels: 3, background: TABLE } })
    .composite([
      {
        input: paper.data,
        raw: paper.info,
        left: Math.round((width - paper.info.width) / 2),
        top: Math.round((height - paper.info.height) / 2),
      },
    ])
    .raw()
    .toBuffer({ resolveWithObject: true })
  const image = applyLook(sharp(scene.data, { raw: scene.info }), look)
  return new Uint8Array(await image.jpeg({ quality: 82 }).toBuffer())
}

/** A scanned PDF of the slot's specimen, one letter page per page of the drawing. */
export async function specimenPdf(slot: DocumentSlotKey, look: SpecimenLook, holder?: Holder): Promise<Uint8Array> {
  // No creation or modification date: the same seed writes the same bytes.
  const pdf = await PDFDocument.create({ updateMetadata: false })
  for (const svg of specimenPages(slot, holder)) {
    const { w, h } = viewBox(svg)
    const drawing = look === 'glare' ? withGlare(svg, w, h, GLARE_AT) : svg
    const scan = applyLook(await render(drawing, 1650), look)
    const image = await pdf.embedJpg(await scan.jpeg({ quality: 72 }).toBuffer())
    const page = pdf.addPage([612, 792])
    page.drawImage(image, { x: 0, y: 0, width: 612, height: 792 })
  }
  return pdf.save()
}

/** The photo or scan of a demo document (deterministic: the same bytes at every seed). */
export function demoDocumentBytes(doc: DemoDocument): Promise<Uint8Array> {
  return doc.pdf
    ? specimenPdf(doc.slot, doc.look, DEMO_DRIVER_HOLDER)
    : specimenPhoto(doc.slot, doc.look, DEMO_DRIVER_HOLDER)
}
