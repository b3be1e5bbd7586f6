import { useEffect, useRef, useState } from 'react'
import { cn } from './cn'
import { TONES, type Tone } from './tones'

/** Spec §9: driver alerts (and the apply/save answers) clear after 4 s. */
export const DRIVER_ALERT_MS = 4000

/** Shown, then gone after `durationMs` once JS runs (without JS it stays until the next page). */
function useTimedVisibility(durationMs: number | undefined) {
  const [visible, setVisible] = useState(true)
  useEffect(() => {
    if (!durationMs) return
    const timer = setTimeout(() => setVisible(false), durationMs)
    return () => clearTimeout(timer)
  }, [durationMs])
  return visible
}

interface AlertProps {
  tone: Tone
  /** The texts: one is shown as is, several as a list. */
  messages?: readonly string[] | null
  children?: React.ReactNode
  /** With JS it leaves after this long (spec §8/§9); without, it stays. */
  durationMs?: number
  /** The id of the action reply it shows (ActionReply): a new reply shows (and times out) again. */
  replyId?: string
  /** Changes with every answer, so the same text sent twice shows (and times out) again. */
  stamp?: number | string
  /** The answer to the reader's own submission: it takes the focus, with JS and without. */
  focus?: boolean
  id?: string
  className?: string
}

function AlertBox({
  tone,
  messages,
  children,
  durationMs,
  focus,
  id,
  className,
}: Omit<AlertProps, 'stamp' | 'replyId'>) {
  const ref = useRef<HTMLDivElement>(null)
  const visible = useTimedVisibility(durationMs)
  useEffect(() => {
    if (focus) ref.current?.focus()
  }, [focus])
  if (!visible) return null
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={-1}
      // Without JS the returned page brings the reader here; with JS the effect does.
      // eslint-disable-next-line jsx-a11y/no-autofocus -- only the outcome of the reader's own submit
      autoFocus={focus || undefined}
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-md border-l-4 px-4 py-3 text-sm', TONES[tone], className)}
    >
      {children}
      {messages?.length === 1 ? messages[0] : null}
      {messages && messages.length > 1 ? (
        <ul className="list-disc space-y-1 pl-4">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/**
 * The one inline message of the product: a form's answer (service failures, notices, a saved
 * change) next to it. Nothing when there is nothing to say.
 */
export function Alert({ stamp, replyId, ...props }: AlertProps) {
  if (!props.children && !props.messages?.length) return null
  return <AlertBox key={`${replyId ?? stamp ?? ''}|${props.messages?.join('|') ?? ''}`} {...props} />
}

/** The answer to a submission shown next to its form (the public forms, the power form). */
export interface FormOutcome {
  type: 'success' | 'error'
  messages: string[]
  durationMs: number
  /** Changes with every answer, so the same text sent twice shows (and times out) again. */
  stamp: number
}

/** A FormOutcome as the kit's Alert: it takes the focus, as the answer to the reader's submit. */
export function OutcomeAlert({ outcome, id }: { outcome: FormOutcome | null | undefined; id: string }) {
  if (!outcome) return null
  return (
    <Alert
      tone={outcome.type}
      messages={outcome.messages}
      durationMs={outcome.durationMs}
      stamp={outcome.stamp}
      focus
      id={id}
    />
  )
}
