/**
 * A PDF's pages as PNG images for the console's document viewer (decision 91). The drawing runs
 * in a worker thread per job (./pages-worker.ts), so a hostile file is bounded: its bytes (before
 * any parsing), the pages shown, the pixels of a page and of an embedded image, the time of a job
 * (the thread is ended) and the memory of the thread. At most two jobs run at once; the others
 * wait their turn. Results are kept in memory (LRU by the caller's key and the page): a reviewer
 * moving between documents and zoom levels costs one drawing per page.
 */
import { existsSync } from 'node:fs'
import { Worker } from 'node:worker_threads'
import { LRUCache } from 'lru-cache'
import type { PdfJob, PdfJobResult } from './pages-worker'

export interface PdfPageLimits {
  /** A larger file is refused before PDF.js reads it. */
  maxBytes: number
  /** Pages shown: a longer document shows its first ones and says how many it has. */
  maxPages: number
  /** One job (open + count, or open + draw one page); past it the thread is ended. */
  timeoutMs: number
  /** Width of a drawn page in pixels: sharp at 200 % in the console's column. */
  width: number
  /** The canvas of one page, in pixels (a very tall page is refused rather than drawn). */
  maxPixels: number
  /** One image embedded in the PDF, in pixels (PDF.js skips a larger one). */
  maxImagePixels: number
  /** Memory of the worker's JavaScript heap. */
  maxHeapMb: number
  /** Bytes of PNG (and counts) kept in memory. */
  cacheBytes: number
}

export const PDF_PAGE_LIMITS: PdfPageLimits = {
  maxBytes: 10 * 1024 * 1024,
  maxPages: 20,
  timeoutMs: 10_000,
  width: 1600,
  maxPixels: 1600 * 1600 * 4,
  maxImagePixels: 40_000_000,
  maxHeapMb: 256,
  cacheBytes: 64 * 1024 * 1024,
}

/** Why a PDF could not be shown: `status` is the answer's (400 for the file, 404 for a missing page). */
export class PdfPageError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message)
  }
}

const MESSAGES = {
  tooBig: 'El PDF es demasiado grande para mostrarlo en la página; ábrelo en una pestaña nueva.',
  unreadable: 'No se pudo leer el PDF; ábrelo en una pestaña nueva.',
  slow: 'El PDF tardó demasiado en mostrarse; ábrelo en una pestaña nueva.',
  tooLarge: 'La página es demasiado grande para mostrarla; abre el PDF en una pestaña nueva.',
  noPage: 'El PDF no tiene esa página.',
} as const

export interface PdfPageCount {
  /** Pages the file has. */
  total: number
  /** Pages the viewer shows (the first `maxPages`). */
  shown: number
}

/** The worker's file: compiled beside the server's chunks in a build, the TypeScript source otherwise. */
function workerFile(): URL {
  // Names in variables: a bundler would otherwise copy the referenced file as an asset.
  const built = './pdf-pages-worker.js'
  const source = './pages-worker.ts'
  const compiled = new URL(built, import.meta.url)
  return existsSync(compiled) ? compiled : new URL(source, import.meta.url)
}

export function createPdfPages(limits: PdfPageLimits = PDF_PAGE_LIMITS) {
  const cache = new LRUCache<string, PdfPageCount | Uint8Array>({
    maxSize: limits.cacheBytes,
    sizeCalculation: (v) => (v instanceof Uint8Array ? Math.max(1, v.byteLength) : 64),
  })
  const running = new Map<string, Promise<PdfPageCount | Uint8Array>>()
  const queue: Array<() => void> = []
  let active = 0
  const MAX_ACTIVE = 2

  async function turn<T>(work: () => Promise<T>): Promise<T> {
    if (active >= MAX_ACTIVE) await new Promise<void>((resolve) => queue.push(resolve))
    active++
    try {
      return await work()
    } finally {
      active--
      queue.shift()?.()
    }
  }

  function runJob(job: PdfJob): Promise<PdfJobResult | 'timeout'> {
    return new Promise((resolve) => {
      const worker = new Worker(workerFile(), {
        workerData: job,
        resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 32 },
      })
      let settled = false
      const finish = (result: PdfJobResult | 'timeout') => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        void worker.terminate()
        resolve(result)
      }
      const timer = setTimeout(() => finish('timeout'), limits.timeoutMs)
      worker.once('message', (result: PdfJobResult) => finish(result))
      // Out of memory or a crash inside PDF.js: the file is what could not be read.
      worker.once('error', () => finish({ ok: false, reason: 'unreadable' }))
      worker.once('exit', () => finish({ ok: false, reason: 'unreadable' }))
    })
  }

  async function work(load: () => Promise<Uint8Array | null>, page?: number): Promise<PdfPageCount | Uint8Array> {
    const bytes = await load()
    if (!bytes) throw new PdfPageError(404, MESSAGES.noPage)
    if (bytes.byteLength > limits.maxBytes) throw new PdfPageError(400, MESSAGES.tooBig)
    const data = new Uint8Array(bytes)
    const result = await turn(() =>
      runJob({ data, page, width: limits.width, maxPixels: limits.maxPixels, maxImagePixels: limits.maxImagePixels }),
    )
    if (result === 'timeout') throw new PdfPageError(400, MESSAGES.slow)
    if (!result.ok) {
      if (result.reason === 'no-page') throw new PdfPageError(404, MESSAGES.noPage)
      throw new PdfPageError(400, result.reason === 'too-large' ? MESSAGES.tooLarge : MESSAGES.unreadable)
    }
    if (page === undefined) return { total: result.pages, shown: Math.min(result.pages, limits.maxPages) }
    if (!result.png) throw new PdfPageError(400, MESSAGES.unreadable)
    return result.png
  }

  /** The same work asked twice at once runs once; a result is kept, a refusal is not. */
  function cached(key: string, load: () => Promise<Uint8Array | null>, page?: number) {
    const hit = cache.get(key)
    if (hit) return Promise.resolve(hit)
    let pending = running.get(key)
    if (!pending) {
      pending = work(load, page)
        .then((value) => {
          cache.set(key, value)
          return value
        })
        .finally(() => running.delete(key))
      running.set(key, pending)
    }
    return pending
  }

  return {
    limits,
    /** How many pages the PDF has and how many the viewer shows. `key` names the file (never reused). */
    async count(key: string, load: () => Promise<Uint8Array | null>): Promise<PdfPageCount> {
      return (await cached(`${key}:pages`, load)) as PdfPageCount
    },
    /** Page `page` (1-based, at most `maxPages`) as PNG. */
    async page(key: string, load: () => Promise<Uint8Array | null>, page: number): Promise<Uint8Array> {
      if (!Number.isInteger(page) || page < 1 || page > limits.maxPages) throw new PdfPageError(404, MESSAGES.noPage)
      return (await cached(`${key}:${page}`, load, page)) as Uint8Array
    },
  }
}
