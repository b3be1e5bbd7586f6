import { parse, type Submission } from '@conform-to/react'
import { useCallback, useRef, useState } from 'react'
import type { z } from 'zod'

/** What getZodConstraint gives for each field (computed on the server, sent as loader data). */
export type Constraint = Record<
  string,
  { required?: boolean; minLength?: number; maxLength?: number; min?: string | number; max?: string | number; step?: string | number; multiple?: boolean; pattern?: string }
>

/**
 * Client-side validation with the domain schema, loaded on the form's first focus or hover. zod,
 * its conform adapter and the schemas weigh ~35 KB gzip, more than a form page's budget (159 KB
 * in all) leaves; the HTML constraints come from the loader (getZodConstraint on the server), so
 * the markup is the same. Until the schema arrives the form submits as is and the action
 * validates it with the same schema, as it does without JS.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useLazyValidation<Schema extends Record<string, any>>(load: () => Promise<z.ZodType<Schema, any>>) {
  const [validate, setValidate] = useState<((formData: FormData) => Submission<Schema>) | null>(null)
  const started = useRef(false)
  const start = useCallback(() => {
    if (started.current) return
    started.current = true
    Promise.all([load(), import('@conform-to/zod/v4')])
      .then(([schema, { parseWithZod }]) => setValidate(() => (formData: FormData) => parseWithZod(formData, { schema }) as Submission<Schema>))
      .catch(() => {
        started.current = false
      })
  }, [load])
  const onValidate = useCallback(
    ({ formData }: { formData: FormData }): Submission<Schema> =>
      validate ? validate(formData) : parse<Schema, string[]>(formData, { resolve: (value) => ({ value: value as Schema }) }),
    [validate],
  )
  return { onValidate, onFocusCapture: start, onPointerEnter: start }
}
