/**
 * One PDF job in a worker thread of its own (services/platform/pdf/pages.ts starts it): parse the
 * bytes with PDF.js and either count the pages or draw one page to PNG. A hostile file can only
 * use up this thread, which the caller ends at its time limit; nothing here touches the database
 * or the files.
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import { createCanvas } from '@napi-rs/canvas'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

export interface PdfJob {
  data: Uint8Array
  /** 1-based page to draw; without it the job only counts the pages. */
  page?: number
  /** Width of the drawn page in pixels (its height follows the page's proportions). */
  width: number
  /** Largest canvas, in pixels, a page may be drawn on (a page much taller than wide). */
  maxPixels: number
  /** PDF.js's own cap on one embedded image, in pixels. */
  maxImagePixels: number
}

export type PdfJobResult =
  { ok: true; pages: number; png?: Uint8Array } | { ok: false; reason: 'unreadable' | 'no-page' | 'too-large' }

const job = workerData as PdfJob
const fonts = path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts/',
)

async function run(): Promise<PdfJobResult> {
  let doc
  try {
    doc = await getDocument({
      data: job.data,
      disableFontFace: true,
      useSystemFonts: false,
      standardFontDataUrl: fonts,
      maxImageSize: job.maxImagePixels,
      verbosity: 0,
    }).promise
  } catch {
    return { ok: false, reason: 'unreadable' }
  }
  const pages = doc.numPages
  if (job.page === undefined) return { ok: true, pages }
  if (job.page > pages) return { ok: false, reason: 'no-page' }
  const page = await doc.getPage(job.page)
  const base = page.getViewport({ scale: 1 })
  const viewport = page.getViewport({ scale: job.width / Math.max(1, base.width) })
  const width = Math.round(viewport.width)
  const height = Math.round(viewport.height)
  if (width < 1 || height < 1 || width * height > job.maxPixels) return { ok: false, reason: 'too-large' }
  const canvas = createCanvas(width, height)
  // The Node canvas PDF.js itself uses for its scratch canvases; it draws through getContext('2d').
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport, background: '#ffffff' }).promise
  const encoded = await canvas.encode('png')
  // A buffer of its own (not Node's shared pool), handed to the caller without a copy.
  const png = new Uint8Array(new ArrayBuffer(encoded.byteLength))
  png.set(encoded)
  // The thread ends after this message: nothing to close.
  return { ok: true, pages, png }
}

run().then(
  (result) => parentPort?.postMessage(result, result.ok && result.png ? [result.png.buffer as ArrayBuffer] : []),
  () => parentPort?.postMessage({ ok: false, reason: 'unreadable' } satisfies PdfJobResult),
)
