import type { PDFFont, PDFPage } from 'pdf-lib'
import { formatDate } from '#domain/format'
import { formatRut } from '#domain/rut'
import type { SimplePowerValues } from '#domain/validation/power'
import { DOCUMENT_MAX_PIXELS, loadSharp } from '#services/users/driver-area/images'

/**
 * The simple power of attorney as a one-page (or longer) A4 PDF in Spanish: who authorises whom
 * to drive which vehicle, both RUTs, the plate, the date, and the place for the owner's
 * signature. Standard Helvetica with WinAnsi encoding covers Spanish (á, é, í, ó, ú, ü, ñ, ¿, ¡);
 * a character it cannot encode (an emoji typed in a name) is printed as '?'.
 */

const A4: [number, number] = [595.28, 841.89]
const MARGIN = 64
const BODY_SIZE = 11
const LEADING = 16

export interface PowerDocumentInput extends SimplePowerValues {
  /** When the power was created (the document's date). */
  date: Date
  /** The owner's ID card, both sides, as JPEG (idImageForPdf): pages 2 and 3 of the document. */
  ownerId: { front: Uint8Array; back: Uint8Array }
}

/** Largest side of an ID image in the PDF: sharp enough to read a card, a few hundred KB at most. */
const ID_IMAGE_MAX_SIDE = 1600

/**
 * An owner's ID image made fit for the PDF: decoded (so anything that is not really an image
 * throws here), turned upright, at most 1600 px a side, on white, as JPEG (pdf-lib embeds any
 * JPEG; odd PNG variants need not be its problem).
 */
export async function idImageForPdf(bytes: Uint8Array): Promise<Uint8Array> {
  const sharp = await loadSharp()
  const out = await sharp(bytes, { limitInputPixels: DOCUMENT_MAX_PIXELS, failOn: 'error' })
    .rotate()
    .resize(ID_IMAGE_MAX_SIDE, ID_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer()
  return new Uint8Array(out)
}

/** '23 de noviembre de 2026' in Chile's time zone (domain/format.ts). */
export function spanishDate(date: Date): string {
  return formatDate(date, 'long')
}

/** A plate as printed on the document: 'BB·BB·12' style groups are not needed, plain 'BBBB12'. */
function plate(value: string) {
  return value.toUpperCase()
}

function encodable(font: PDFFont) {
  const cache = new Map<string, boolean>()
  return (text: string) =>
    [...text.normalize('NFC')]
      .map((ch) => {
        if (ch === '\n' || ch === '\t') return ' '
        let ok = cache.get(ch)
        if (ok === undefined) {
          try {
            font.encodeText(ch)
            ok = true
          } catch {
            ok = false
          }
          cache.set(ch, ok)
        }
        return ok ? ch : '?'
      })
      .join('')
}

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next
    else {
      lines.push(line)
      line = word
    }
  }
  if (line) lines.push(line)
  return lines
}

export async function renderPowerDocument(input: PowerDocumentInput): Promise<Uint8Array> {
  // pdf-lib is loaded with the first power, not at start: most processes never draw one.
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib')
  const doc = await PDFDocument.create()
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const clean = encodable(regular)
  const width = A4[0] - 2 * MARGIN
  const date = spanishDate(input.date)

  doc.setTitle(clean(`Poder simple - ${input.fullNameOwner} a ${input.fullNameDriver}`))
  doc.setSubject(clean(`Autorización para conducir el vehículo patente ${plate(input.vehicleLicensePlate)}`))
  doc.setAuthor('Fleeters')
  doc.setCreator('Fleeters')
  doc.setProducer('Fleeters')
  doc.setLanguage('es-CL')
  doc.setCreationDate(input.date)
  doc.setModificationDate(input.date)

  let page: PDFPage = doc.addPage(A4)
  let y = A4[1] - MARGIN
  const ensure = (height: number) => {
    if (y - height < MARGIN) {
      page = doc.addPage(A4)
      y = A4[1] - MARGIN
    }
  }
  const paragraph = (text: string, opts: { font?: PDFFont; size?: number; gap?: number; center?: boolean } = {}) => {
    const font = opts.font ?? regular
    const size = opts.size ?? BODY_SIZE
    for (const line of wrap(font, clean(text), size, width)) {
      ensure(LEADING)
      const x = opts.center ? MARGIN + (width - font.widthOfTextAtSize(line, size)) / 2 : MARGIN
      page.drawText(line, { x, y, size, font, color: rgb(0.1, 0.1, 0.12) })
      y -= size > BODY_SIZE ? size + 6 : LEADING
    }
    y -= opts.gap ?? 8
  }

  paragraph('PODER SIMPLE', { font: bold, size: 18, center: true, gap: 2 })
  paragraph('Autorización para conducir un vehículo', { center: true, gap: 18 })
  paragraph(`En Santiago de Chile, a ${date}.`, { gap: 12 })
  paragraph(
    `Yo, ${input.fullNameOwner}, de nacionalidad ${input.nationalityOwner}, RUT ` +
      `${formatRut(input.rutOwner)}, con domicilio en ${input.addressOwner}, ` +
      `teléfono ${input.phoneOwner} y correo electrónico ${input.emailOwner}, en mi ` +
      `calidad de propietario(a) del vehículo que se individualiza a continuación, ` +
      `por el presente instrumento AUTORIZO a ${input.fullNameDriver}, de nacionalidad ` +
      `${input.nationalityDriver}, RUT ${formatRut(input.rutDriver)}, ` +
      `con domicilio en ${input.addressDriver}, para conducir dicho vehículo y ` +
      `utilizarlo en servicios de transporte y reparto de carga de última milla ` +
      `contratados a través de la plataforma Fleeters.`,
    { gap: 14 },
  )
  paragraph('Individualización del vehículo', { font: bold, gap: 4 })
  for (const [label, value] of [
    ['Marca', input.vehicleBrand],
    ['Modelo', input.vehicleModel],
    ['Año', String(input.vehicleYear)],
    ['Placa patente', plate(input.vehicleLicensePlate)],
  ] as const) {
    paragraph(`${label}: ${value}`, { gap: 0 })
  }
  y -= 12
  paragraph(
    'La presente autorización se otorga por plazo indefinido y se mantendrá vigente ' +
      'mientras no sea revocada por escrito por el (la) propietario(a). ' +
      'El (la) conductor(a) autorizado(a) declara conocer y respetar la normativa de tránsito vigente.',
    { gap: 14 },
  )
  paragraph(
    'Se adjuntan, en las dos páginas siguientes (anexos 1 y 2), copias de la cédula ' +
      'de identidad del (de la) propietario(a), por ambos lados.',
    { gap: 56 },
  )

  ensure(110)
  const signatureWidth = 220
  page.drawLine({
    start: { x: MARGIN, y },
    end: { x: MARGIN + signatureWidth, y },
    thickness: 0.8,
    color: rgb(0.2, 0.2, 0.2),
  })
  y -= LEADING
  paragraph('Firma del (de la) propietario(a)', { font: bold, gap: 0 })
  paragraph(input.fullNameOwner, { gap: 0 })
  paragraph(`RUT ${formatRut(input.rutOwner)}`, { gap: 24 })
  paragraph(`Documento generado por Fleeters el ${date}. Pendiente de firma del (de la) propietario(a).`, {
    size: 9,
    gap: 0,
  })

  // Anexos: the ID card's two sides, one page each, the image as large as the page allows.
  const sides = [
    ['Anexo 1: cédula de identidad del (de la) propietario(a), anverso', input.ownerId.front],
    ['Anexo 2: cédula de identidad del (de la) propietario(a), reverso', input.ownerId.back],
  ] as const
  for (const [title, bytes] of sides) {
    const image = await doc.embedJpg(bytes)
    page = doc.addPage(A4)
    y = A4[1] - MARGIN
    paragraph(title, { font: bold, gap: 2 })
    paragraph(`${input.fullNameOwner}, RUT ${formatRut(input.rutOwner)}`, { gap: 14 })
    const scale = Math.min(width / image.width, (y - MARGIN) / image.height, 1)
    const w = image.width * scale
    const h = image.height * scale
    page.drawImage(image, { x: MARGIN + (width - w) / 2, y: y - h, width: w, height: h })
  }

  return doc.save()
}
