import { parse, type Submission } from '@conform-to/react'
import { useCallback, useRef, useState, type FocusEvent } from 'react'
import type { z } from 'zod'

/** What getZodConstraint gives for each field (computed on the server, sent as loader data). */
export type Constraint = Record<
  string,
  {
    required?: boolean
    minLength?: number
    maxLength?: number
    min?: string | number
    max?: string | number
    step?: string | number
    multiple?: boolean
    pattern?: string
  }
>

/**
 * Client-side validation with the domain schema, loaded on the form's first focus or hover. zod
 * (zod/mini in the browser, 7.5 KB gzip: scripts/vite-zod-browser.ts), parseWithZod (3 KB)
 * and the form's own schema module (1-3 KB) would weigh on every form page's first paint; the HTML
 * constraints come from the loader (getZodConstraint on the server), so
 * the markup is the same. Until the schema arrives the form submits as is and the action
 * validates it with the same schema, as it does without JS.
 */

export function useLazyValidation<Schema extends Record<string, any>>(load: () => Promise<z.ZodType<Schema, any>>) {
  const { onValidate, loadOn } = useLazySchema<Schema>(load)
  return { onValidate, ...loadOn }
}

/**
 * The same, plus `ensureLoaded()` for a form that must know the verdict of the real schema before
 * it acts (the simple power opens its confirmation only on a valid form): it resolves once
 * `onValidate` validates with the schema.
 */

export function useLazySchema<Schema extends Record<string, any>>(load: () => Promise<z.ZodType<Schema, any>>) {
  const validator = useRef<((formData: FormData) => Submission<Schema>) | null>(null)
  const [, setLoaded] = useState(false)
  const pending = useRef<Promise<void> | null>(null)
  // Fields the person left before the schema arrived (a slow connection, a quick Tab): they are
  // checked as soon as it does, as if left again, so their messages show without another visit.
  const leftEarly = useRef(new Set<EventTarget>())
  const onBlurCapture = useCallback((event: FocusEvent<HTMLElement>) => {
    if (!validator.current) leftEarly.current.add(event.target)
  }, [])
  const ensureLoaded = useCallback((): Promise<void> => {
    // Destructured where it is imported, so the bundle keeps parseWithZod and leaves out
    // getZodConstraint (the constraints come from the loader).
    pending.current ??= Promise.all([
      load(),
      import('@conform-to/zod/v4').then(({ parseWithZod }) => parseWithZod),
    ]).then(
      ([schema, parseWithZod]) => {
        validator.current = (formData: FormData) => parseWithZod(formData, { schema }) as Submission<Schema>
        setLoaded(true)
        for (const field of leftEarly.current) {
          if (!(field instanceof Element) || !field.isConnected || field === document.activeElement) continue
          // The real blur already counted as this field's validation (with no schema, nothing
          // to say), so conform now re-validates it on input, or on focusout where a form says so.
          field.dispatchEvent(new window.Event('input', { bubbles: true }))
          field.dispatchEvent(new window.FocusEvent('focusout', { bubbles: true }))
        }
        leftEarly.current.clear()
      },
      (error: unknown) => {
        pending.current = null
        throw error
      },
    )
    return pending.current
  }, [load])
  const start = useCallback(() => {
    ensureLoaded().catch(() => {})
  }, [ensureLoaded])
  const onValidate = useCallback(
    ({ formData }: { formData: FormData }): Submission<Schema> =>
      validator.current
        ? validator.current(formData)
        : parse<Schema, string[]>(formData, { resolve: (value) => ({ value: value as Schema }) }),
    [],
  )
  const isLoaded = useCallback(() => validator.current !== null, [])
  return { onValidate, ensureLoaded, isLoaded, loadOn: { onFocusCapture: start, onPointerEnter: start, onBlurCapture } }
}
