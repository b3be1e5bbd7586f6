import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { buttonClass } from '#app/components/ui/button'

/**
 * The console's document viewer (decision 91): an image, or a PDF's pages drawn as images by the
 * server, with zoom (fit, 100 %, 200 %), rotation in 90° steps and panning. Without JS the
 * controls are links (`?zoom=200&giro=90`, the page's other parameters kept) and the server
 * renders the view with CSS; with JS they are buttons that change the view in place, with the
 * keys Z (next zoom) and G (girar) and dragging to pan.
 */
export interface DocumentViewerProps {
  /** The original file. A PDF's pages are images at `${fileUrl}/paginas/N` (N from 1). */
  fileUrl: string
  mimeType: string
  /** What the document is, for the images' text alternative: «Documento: Licencia de Ana Pérez». */
  name: string
  /** A PDF's pages as the server draws them (the first `shown` of `total`), or why it could not. */
  pages?: { shown: number; total: number } | { error: string }
}

const ZOOMS = ['fit', '100', '200'] as const
type Zoom = (typeof ZOOMS)[number]
const ZOOM_TEXT: Record<Zoom, string> = { fit: 'Ajustar', '100': '100 %', '200': '200 %' }
type Rotation = 0 | 90 | 180 | 270

/**
 * CSS zoom of a page at 100 % and 200 %: an image at its own pixels; a PDF page is drawn 1600 px
 * wide (about twice an A4 page at 96 dpi), so it shows at half its pixels at 100 %.
 */
const SCALE: Record<'image' | 'pdf', Record<'100' | '200', number>> = {
  image: { '100': 1, '200': 2 },
  pdf: { '100': 0.5, '200': 1 },
}

/**
 * Zoomed, the page turns about its top left corner and moves back into view, so all of it lies
 * right of and below that corner, where scrolling reaches.
 */
const TURN_INTO_VIEW: Record<Rotation, string> = {
  0: 'none',
  90: 'rotate(90deg) translateY(-100%)',
  180: 'rotate(180deg) translate(-100%, -100%)',
  270: 'rotate(270deg) translateX(-100%)',
}

function readView(search: string): { zoom: Zoom; rotation: Rotation } {
  const params = new URLSearchParams(search)
  const zoom = params.get('zoom')
  const turn = Number(params.get('giro'))
  return {
    zoom: zoom === '100' || zoom === '200' ? zoom : 'fit',
    rotation: turn === 90 || turn === 180 || turn === 270 ? turn : 0,
  }
}

function viewHref(pathname: string, search: string, zoom: Zoom, rotation: Rotation): string {
  const params = new URLSearchParams(search)
  if (zoom === 'fit') params.delete('zoom')
  else params.set('zoom', zoom)
  if (rotation === 0) params.delete('giro')
  else params.set('giro', String(rotation))
  const query = params.toString()
  return query ? `${pathname}?${query}` : pathname
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))
}

const CONTROL = 'px-3 data-[active]:border-slate-800 data-[active]:bg-slate-800 data-[active]:text-white'

export function DocumentViewer({ fileUrl, mimeType, name, pages }: DocumentViewerProps) {
  const location = useLocation()
  const hydrated = useHydrated()
  const [view, setView] = useState(() => readView(location.search))
  // Each page's own pixels, once loaded: with JS a turned, zoomed page gets a box of its turned size.
  const [sizes, setSizes] = useState<Record<number, { w: number; h: number }>>({})
  const stage = useRef<HTMLDivElement>(null)
  const { zoom, rotation } = view
  const kind = mimeType === 'application/pdf' ? 'pdf' : 'image'
  const nextRotation = ((rotation + 90) % 360) as Rotation

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return
      const key = e.key.toLowerCase()
      if (key === 'z') {
        e.preventDefault()
        setView((v) => ({ ...v, zoom: ZOOMS[(ZOOMS.indexOf(v.zoom) + 1) % ZOOMS.length]! }))
      } else if (key === 'g') {
        e.preventDefault()
        setView((v) => ({ ...v, rotation: ((v.rotation + 90) % 360) as Rotation }))
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  // Dragging with the mouse pans a zoomed page (touch pans by itself; the keys scroll the focused area).
  function onPointerDown(e: React.PointerEvent<HTMLDivElement>) {
    const el = stage.current
    if (!el || zoom === 'fit' || e.pointerType !== 'mouse' || e.button !== 0) return
    const start = { x: e.clientX, y: e.clientY, left: el.scrollLeft, top: el.scrollTop }
    el.setPointerCapture(e.pointerId)
    const move = (m: PointerEvent) => {
      el.scrollLeft = start.left - (m.clientX - start.x)
      el.scrollTop = start.top - (m.clientY - start.y)
    }
    const up = () => {
      el.removeEventListener('pointermove', move)
      el.removeEventListener('pointerup', up)
      el.removeEventListener('pointercancel', up)
    }
    el.addEventListener('pointermove', move)
    el.addEventListener('pointerup', up)
    el.addEventListener('pointercancel', up)
  }

  const sources =
    kind === 'image'
      ? [{ src: fileUrl, alt: name }]
      : pages && 'shown' in pages
        ? Array.from({ length: pages.shown }, (_, i) => ({
            src: `${fileUrl}/paginas/${i + 1}`,
            alt: `${name}, página ${i + 1} de ${pages.total}`,
          }))
        : []
  const failure =
    kind === 'pdf' && !(pages && 'shown' in pages)
      ? pages && 'error' in pages
        ? pages.error
        : 'No se pudo mostrar el PDF en la página; ábrelo en una pestaña nueva.'
      : null
  const turned = rotation === 90 || rotation === 270

  function measure(i: number, img: HTMLImageElement | null) {
    if (!img?.complete || !img.naturalWidth) return
    const size = { w: img.naturalWidth, h: img.naturalHeight }
    setSizes((s) => (s[i]?.w === size.w && s[i]?.h === size.h ? s : { ...s, [i]: size }))
  }

  /** A zoom level: a button with JS, a link to the same page with `?zoom=` without. */
  function zoomControl(z: Zoom) {
    const active = zoom === z
    return hydrated ? (
      <button
        type="button"
        className={buttonClass('secondary', CONTROL)}
        aria-pressed={active}
        aria-keyshortcuts="Z"
        data-active={active || undefined}
        onClick={() => setView({ zoom: z, rotation })}
      >
        {ZOOM_TEXT[z]}
      </button>
    ) : (
      <a
        href={viewHref(location.pathname, location.search, z, rotation)}
        className={buttonClass('secondary', CONTROL)}
        aria-current={active || undefined}
        data-active={active || undefined}
      >
        {ZOOM_TEXT[z]}
      </a>
    )
  }

  return (
    <div data-testid="visor" data-zoom={zoom} data-rotation={rotation}>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Zoom" className="flex gap-1">
          {ZOOMS.map((z) => (
            <span key={z}>{zoomControl(z)}</span>
          ))}
        </div>
        {hydrated ? (
          <button
            type="button"
            className={buttonClass('secondary', 'px-3')}
            aria-keyshortcuts="G"
            onClick={() => setView({ zoom, rotation: nextRotation })}
          >
            Girar 90°
          </button>
        ) : (
          <a
            href={viewHref(location.pathname, location.search, zoom, nextRotation)}
            className={buttonClass('secondary', 'px-3')}
          >
            Girar 90°
          </a>
        )}
        <span className="text-sm text-slate-700" aria-live="polite" data-testid="visor-giro">
          {rotation ? `Girado ${rotation}°` : ''}
        </span>
        {hydrated ? (
          <p className="ml-auto hidden text-xs text-slate-600 sm:block">
            Atajos: <kbd className="rounded border px-1">Z</kbd> cambia el zoom ·{' '}
            <kbd className="rounded border px-1">G</kbd> gira · con zoom, arrastra para moverte
          </p>
        ) : null}
      </div>
      {pages && 'shown' in pages && pages.shown < pages.total ? (
        <p className="mb-2 text-sm text-slate-700" data-testid="visor-paginas">
          Se muestran las primeras {pages.shown} de {pages.total} páginas. Abre el PDF para ver el resto.
        </p>
      ) : null}
      {/* A scrolling area the keyboard can reach: the arrow keys pan it. */}
      <div
        ref={stage}
        role="region"
        aria-label={`${name}: vista`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling area must be keyboard-reachable
        tabIndex={0}
        onPointerDown={onPointerDown}
        className={
          'flex h-[70vh] flex-col items-start gap-3 overflow-auto rounded border border-slate-200 bg-slate-100 p-2 ' +
          '[container-type:size] focus-visible:outline-2 focus-visible:outline-brand-700 ' +
          (zoom === 'fit' ? '' : 'cursor-grab active:cursor-grabbing')
        }
      >
        {failure ? (
          <p className="m-auto max-w-prose p-6 text-center text-slate-800" data-testid="visor-error">
            {failure}
          </p>
        ) : null}
        {sources.map(({ src, alt }, i) => {
          const size = sizes[i]
          if (zoom === 'fit')
            return (
              <div
                key={src}
                className={`mx-auto flex shrink-0 items-center justify-center ${
                  turned ? 'size-[min(100cqw,100cqh)]' : 'h-[100cqh] w-full'
                }`}
              >
                <img
                  src={src}
                  alt={alt}
                  draggable={false}
                  loading={i > 1 ? 'lazy' : undefined}
                  className="h-full w-full object-contain"
                  style={rotation ? { transform: `rotate(${rotation}deg)` } : undefined}
                />
              </div>
            )
          const scale = SCALE[kind][zoom]
          // With JS and the page's pixels known, its box takes the turned size (no overlap with the next page).
          const box = turned && size ? { width: size.h * scale, height: size.w * scale } : undefined
          return (
            <div key={src} className="relative mx-auto shrink-0" style={box}>
              <img
                ref={(el) => measure(i, el)}
                onLoad={(e) => measure(i, e.currentTarget)}
                src={src}
                alt={alt}
                draggable={false}
                loading={i > 1 ? 'lazy' : undefined}
                className={`max-w-none select-none ${box ? 'absolute top-0 left-0' : ''}`}
                style={{ zoom: scale, transform: TURN_INTO_VIEW[rotation], transformOrigin: 'top left' }}
              />
            </div>
          )
        })}
      </div>
    </div>
  )
}
