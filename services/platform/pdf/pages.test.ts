import { PDFDocument, StandardFonts } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { createPdfPages, PDF_PAGE_LIMITS, PdfPageError } from './pages'

async function pdfOf(pages: number, size: [number, number] = [595, 842]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  for (let i = 1; i <= pages; i++) pdf.addPage(size).drawText(`Pagina ${i}`, { x: 40, y: 40, size: 24, font })
  return pdf.save()
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47]

async function refusal(promise: Promise<unknown>): Promise<PdfPageError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(PdfPageError)
  return error as PdfPageError
}

describe('PDF pages for the viewer', () => {
  it('counts the pages and draws each one as a PNG of the configured width, once', async () => {
    const pages = createPdfPages()
    const bytes = await pdfOf(2)
    let loads = 0
    const load = async () => {
      loads++
      return bytes
    }
    expect(await pages.count('a', load)).toEqual({ total: 2, shown: 2 })
    const [first, again] = await Promise.all([pages.page('a', load, 1), pages.page('a', load, 1)])
    expect([...first.subarray(0, 4)]).toEqual(PNG_SIGNATURE)
    expect(again).toBe(first)
    // PNG width: bytes 16..19 of the IHDR chunk.
    expect(new DataView(first.buffer, first.byteOffset).getUint32(16)).toBe(PDF_PAGE_LIMITS.width)
    expect(await pages.page('a', load, 1)).toBe(first)
    expect(loads).toBe(2)
    expect((await refusal(pages.page('a', load, 3))).status).toBe(404)
  }, 30_000)

  it('shows only the first maxPages pages of a long document and refuses the pages after them', async () => {
    const pages = createPdfPages({ ...PDF_PAGE_LIMITS, maxPages: 2 })
    const bytes = await pdfOf(5)
    expect(await pages.count('long', async () => bytes)).toEqual({ total: 5, shown: 2 })
    let loaded = false
    const error = await refusal(
      pages.page(
        'long',
        async () => {
          loaded = true
          return bytes
        },
        3,
      ),
    )
    expect(error.status).toBe(404)
    expect(loaded).toBe(false)
  }, 30_000)

  it('refuses a file over maxBytes before reading it as a PDF', async () => {
    const pages = createPdfPages({ ...PDF_PAGE_LIMITS, maxBytes: 100 })
    const error = await refusal(pages.count('big', async () => pdfOf(1)))
    expect(error.status).toBe(400)
    expect(error.message).toMatch(/demasiado grande/)
  })

  it('answers 400 with a message for bytes that are not a PDF, and does not keep the refusal', async () => {
    const pages = createPdfPages()
    const bad = new TextEncoder().encode('%PDF-1.4 esto no es un PDF')
    const error = await refusal(pages.page('bad', async () => bad, 1))
    expect(error.status).toBe(400)
    expect(error.message).toBe('No se pudo leer el PDF; ábrelo en una pestaña nueva.')
    const good = await pdfOf(1)
    expect([...(await pages.page('bad', async () => good, 1)).subarray(0, 4)]).toEqual(PNG_SIGNATURE)
  }, 30_000)

  it('ends a job that runs past timeoutMs', async () => {
    const pages = createPdfPages({ ...PDF_PAGE_LIMITS, timeoutMs: 1 })
    const bytes = await pdfOf(1)
    const error = await refusal(pages.page('slow', async () => bytes, 1))
    expect(error.status).toBe(400)
    expect(error.message).toMatch(/tardó demasiado/)
  })

  it('refuses to draw a page whose canvas would exceed maxPixels', async () => {
    const pages = createPdfPages({ ...PDF_PAGE_LIMITS, width: 100, maxPixels: 100 * 1000 })
    // 100 px wide and 100 × 14400 / 10 = 144 000 px tall: far over the cap.
    const bytes = await pdfOf(1, [10, 14_400])
    const error = await refusal(pages.page('tall', async () => bytes, 1))
    expect(error.status).toBe(400)
    expect(error.message).toMatch(/demasiado grande/)
  }, 30_000)

  it('refuses page numbers that are not whole numbers from 1', async () => {
    const pages = createPdfPages()
    for (const n of [0, -1, 1.5, Number.NaN])
      expect((await refusal(pages.page('x', async () => null, n))).status).toBe(404)
  })
})
