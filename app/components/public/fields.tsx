import { useEffect, useRef, useState } from 'react'

export { CONTROL, TextAreaField } from '#app/components/forms'

export function describedBy(id: string, hint?: string, errors?: string[] | null) {
  const errorId = errors?.length ? `${id}-error` : undefined
  const hintId = hint ? `${id}-hint` : undefined
  return {
    errorId,
    hintId,
    describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined,
  }
}

export interface FormOutcome {
  type: 'success' | 'error'
  messages: string[]
  durationMs: number
  /** Changes with every answer, so the same text sent twice shows (and times out) again. */
  stamp: number
}

const OUTCOME_STYLES = {
  success: 'border-green-700 bg-green-50 text-green-900',
  error: 'border-red-700 bg-red-50 text-red-900',
} as const

function TimedAlert({ outcome, id }: { outcome: FormOutcome; id: string }) {
  const ref = useRef<HTMLDivElement>(null)
  const [visible, setVisible] = useState(true)
  useEffect(() => {
    ref.current?.focus()
    const timer = setTimeout(() => setVisible(false), outcome.durationMs)
    return () => clearTimeout(timer)
  }, [outcome])
  if (!visible) return null
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={-1}
      // Without JS the returned page brings the reader here; with JS the effect does.
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the outcome of the reader's own submit
      autoFocus
      role={outcome.type === 'error' ? 'alert' : 'status'}
      className={`rounded-md border-l-4 px-4 py-3 text-sm ${OUTCOME_STYLES[outcome.type]}`}
    >
      {outcome.messages.length === 1 ? (
        outcome.messages[0]
      ) : (
        <ul className="list-disc space-y-1 pl-4">
          {outcome.messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** The answer to a submission, next to its form; with JS it leaves after the spec's time (§8). */
export function OutcomeAlert({ outcome, id }: { outcome: FormOutcome | null | undefined; id: string }) {
  if (!outcome || outcome.messages.length === 0) return null
  return <TimedAlert key={outcome.stamp} outcome={outcome} id={id} />
}

/**
 * Without JS nothing moves the focus when the server answers with errors: the first invalid
 * field asks for it with `autofocus` (with JS conform focuses it, and React ignores the prop).
 */
export function autoFocusFirstInvalid(fields: Record<string, { errors?: string[] | null }>, order: readonly string[]) {
  const first = order.find((name) => fields[name]?.errors?.length)
  return (name: string) => (name === first ? { autoFocus: true } : {})
}
