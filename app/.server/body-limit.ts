import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from '@remix-run/form-data-parser'
import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { UPLOAD_FRAMING_BYTES } from '#domain/uploads'
import { JSON_BODY_LIMIT, MULTIPART_BODY_LIMIT } from '#services/platform/body-limits'

/**
 * Request bodies of the pages (server.ts), bounded like the API's (services/app.ts): 64 KB for a
 * urlencoded form or any other body, the upload limit (12 MB) for multipart. A declared
 * Content-Length over the limit is refused before a byte is read; a chunked body is cut off as
 * soon as it passes the limit. Either way the answer is 413 with a Spanish page, and nothing is
 * kept: @hono/node-server discards what the client still sends (at most 64 MB or 500 ms, then it
 * closes the connection), so a browser sending a form slightly too big reads our page.
 * Routes with smaller uploads check their own limits while streaming (readUpload).
 */
export const PAGE_FORM_LIMIT = JSON_BODY_LIMIT
export const PAGE_MULTIPART_LIMIT = MULTIPART_BODY_LIMIT

export const TOO_LARGE_TITLE = 'La solicitud es demasiado grande'
export const TOO_LARGE_PAGE_MESSAGE =
  'Lo que enviaste supera el tamaño permitido (64 KB para un formulario, 12 MB con ' +
  'archivos). Revisa los datos o el tamaño de los archivos e intenta nuevamente.'

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

export function tooLargePage(request: Request): Response {
  // Back to the form the visitor came from, when it is one of ours.
  let back = '/'
  const referer = request.headers.get('referer')
  try {
    if (referer && new URL(referer).host === new URL(request.url).host) back = new URL(referer).pathname
  } catch {
    // keep '/'
  }
  const html =
    `<!doctype html><html lang="es-CL"><head><meta charset="utf-8"><meta ` +
    `name="viewport" content="width=device-width, initial-scale=1"><title>${TOO_LARGE_TITLE} ` +
    `| Fleeters</title></head><body ` +
    `style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem ` +
    `auto;padding:0 ` +
    `1rem;color:#0f172a"><main><h1>${TOO_LARGE_TITLE}</h1><p>${TOO_LARGE_PAGE_MESSAGE}</p><p><a ` +
    `href="${escapeHtml(back)}">Volver</a></p></main></body></html>`
  return new Response(html, {
    status: 413,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

/**
 * Counts the bytes of a body as they pass; past `maxBytes` the stream errors (so whoever reads
 * it, e.g. Request.formData(), stops at once) and `onOverflow` runs. Nothing is buffered here.
 */
export function limitStream(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  onOverflow: () => void,
): ReadableStream<Uint8Array> {
  let total = 0
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength
        if (total > maxBytes) {
          onOverflow()
          controller.error(new RangeError('body too large'))
          return
        }
        controller.enqueue(chunk)
      },
    }),
  )
}

/** The middleware server.ts puts in front of React Router (every method but GET and HEAD). */
export function pageBodyLimit(): MiddlewareHandler {
  const forms = bodyLimit({ maxSize: PAGE_FORM_LIMIT, onError: (c) => tooLargePage(c.req.raw) })
  return async (c, next) => {
    const method = c.req.method
    if (method === 'GET' || method === 'HEAD' || !c.req.raw.body) return next()
    const type = c.req.header('content-type') ?? ''
    if (!type.toLowerCase().startsWith('multipart/form-data')) return forms(c, next)
    // Multipart: never buffered here; the route streams it with its own, smaller limit.
    const declared = c.req.header('content-length')
    if (declared !== undefined && !c.req.header('transfer-encoding')) {
      return Number(declared) > PAGE_MULTIPART_LIMIT ? tooLargePage(c.req.raw) : next()
    }
    let overflow = false
    const request = c.req.raw
    c.req.raw = new Request(request, {
      body: limitStream(request.body!, PAGE_MULTIPART_LIMIT, () => (overflow = true)),
      duplex: 'half',
    } as RequestInit)
    await next()
    if (overflow) c.res = tooLargePage(request)
  }
}

/** What one upload form may carry: files of at most `maxFileSize` bytes each, `maxFiles` of them. */
export interface UploadLimits {
  maxFileSize: number
  /** Default 1. */
  maxFiles?: number
  /** The whole body; default: every file at its largest plus the framing and the other fields. */
  maxTotalSize?: number
}

/**
 * An upload form's body, streamed through @remix-run/form-data-parser: a file past
 * `maxFileSize`, or a body past `maxTotalSize`, stops the reading there ('too-large'); a
 * declared Content-Length over `maxTotalSize` is refused before anything is read. Nothing beyond
 * the limit is read or kept. The page answers 413 with its message, and the server discards what
 * the browser still sends (decision 30), so it reads the page rather than a reset connection.
 * More files than `maxFiles`, or a body that is not a form, is 'invalid'. A urlencoded body
 * (the same page's other forms) is read with the same total limit.
 */
export async function readUpload(request: Request, limits: UploadLimits): Promise<FormData | 'too-large' | 'invalid'> {
  const { maxFileSize, maxFiles = 1 } = limits
  const maxTotalSize = limits.maxTotalSize ?? maxFiles * maxFileSize + UPLOAD_FRAMING_BYTES
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > maxTotalSize) return 'too-large'
  if (!request.body) return 'invalid'
  try {
    return await parseFormData(request, { maxFileSize, maxFiles, maxTotalSize })
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) return 'too-large'
    if (error instanceof FormDataParseError || error instanceof MultipartParseError) return 'invalid'
    throw error
  }
}
