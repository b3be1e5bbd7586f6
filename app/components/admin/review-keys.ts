import { useEffect, useLayoutEffect, useRef } from 'react'

/** A key's action; the event is handed over so an action may read it (a digit's value). */
export type KeyAction = (event: KeyboardEvent) => void

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))
}

/**
 * The review screen's single-key shortcuts (decision 90): `keys` maps a key as KeyboardEvent.key
 * gives it, lowercased ('a', '1', 'escape'), to its action. Keys typed into a field, or with
 * Ctrl, Alt or Cmd (the browser's own shortcuts), are left alone; so is everything while
 * `enabled` is false (a decision on its way). The map is read at each key press, so the page can
 * hand a new one on every render (another mode, a zoom key of the document viewer) without
 * re-subscribing.
 */
export function useReviewKeys(keys: Readonly<Record<string, KeyAction>>, enabled: boolean) {
  const current = useRef({ keys, enabled })
  // Before the browser hands over the next key: R's mode is in place when its digit arrives.
  useLayoutEffect(() => {
    current.current = { keys, enabled }
  })
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.repeat) return
      const key = e.key.toLowerCase()
      // Escape still works from a field: it leaves «Otro motivo» without a mouse.
      if (isTyping(e.target) && key !== 'escape') return
      const { keys: map, enabled: on } = current.current
      const action = on && Object.hasOwn(map, key) ? map[key] : undefined
      if (!action) return
      e.preventDefault()
      action(e)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])
}
