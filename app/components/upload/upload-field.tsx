import { useEffect, useRef, useState } from 'react'
import { formatMegabytes, isShrinkablePhoto, uploadMessage, uploadProblem, type UploadRules } from '#domain/uploads'
import type { PhotoShrinker } from './shrink-photo'
import { markUploadForm } from './transfer'

const SHRINKING = 'Preparando la foto para subirla…'

export interface UploadField {
  /** Spread on the file input (with the form's own props). */
  inputProps: {
    ref: React.RefObject<HTMLInputElement | null>
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => void
  }
  /** The refusal of the chosen file, for the field's error list. */
  errors: string[] | null
  /** Changes with every refusal, so a message shown for a while shows again when repeated. */
  stamp: number
  /** What the browser did or is doing with the file (shown under the field, read out politely). */
  note: string | null
}

/**
 * The browser side of an upload's rules, for one file input with JS:
 * a file is checked as soon as it is chosen (type, size: refused with the rules' Spanish message
 * before anything is sent), a JPEG/PNG photo over the limit is shrunk and put back in the input,
 * and a submission of its form waits for the shrinking and is stopped while the file is refused.
 * The submission is held by a listener on the form itself, which runs before React's: the form's
 * own submit handler (conform's validation, a confirmation dialog) sees only a file that passes.
 * Without JS none of this runs; the page action and the service refuse what is wrong. The
 * shrinking's code comes from the page (`shrink`: shrinkPhoto, ./shrink-photo.ts) where its rules
 * shrink photos, so a page that never shrinks one (a logo) does not load it.
 */
export function useUploadField(rules: UploadRules, shrink: PhotoShrinker | null = null): UploadField {
  const ref = useRef<HTMLInputElement>(null)
  const [error, setErrorState] = useState<string | null>(null)
  const [stamp, setStamp] = useState(0)
  const setError = (message: string | null) => {
    setErrorState(message)
    if (message) setStamp((n) => n + 1)
  }
  const [note, setNote] = useState<string | null>(null)
  const pending = useRef<Promise<void> | null>(null)

  async function prepare(input: HTMLInputElement) {
    setError(null)
    setNote(null)
    const file = input.files?.[0]
    if (!file) return
    const problem = uploadProblem(file, rules, { canShrink: shrink !== null })
    if (problem) return setError(uploadMessage(problem, rules))
    if (!shrink || file.size <= rules.maxBytes || !isShrinkablePhoto(file, rules)) return
    setNote(SHRINKING)
    const smaller = await shrink(file, rules.maxBytes)
    // Another file may have been chosen meanwhile: that one has its own turn.
    if (input.files?.[0] !== file) return
    if (!smaller) {
      setNote(null)
      return setError(rules.messages.tooLarge)
    }
    const transfer = new DataTransfer()
    transfer.items.add(smaller)
    input.files = transfer.files
    setNote(
      `La foto pesaba ${formatMegabytes(file.size)}: la reducimos a ${formatMegabytes(smaller.size)} para subirla.`,
    )
  }

  useEffect(() => {
    const input = ref.current
    const form = input?.form
    if (!input || !form) return
    const hold = (event: SubmitEvent) => {
      const submitter = event.submitter as HTMLButtonElement | HTMLInputElement | null
      // A way back ('Atrás', formnovalidate) sends what there is, as it is.
      if (submitter?.formNoValidate) return
      const stop = () => {
        event.preventDefault()
        event.stopImmediatePropagation()
      }
      if (pending.current) {
        stop()
        void pending.current.then(() => form.requestSubmit(submitter ?? undefined))
        return
      }
      const file = input.files?.[0]
      const problem = file ? uploadProblem(file, rules) : null
      if (problem) {
        stop()
        // Pressed in a confirmation dialog of the form (not the one the field is in): close it,
        // so the field can take the focus.
        const asking = submitter?.closest('dialog')
        if (asking && !asking.contains(input)) asking.close()
        setError(uploadMessage(problem, rules))
        input.focus()
        return
      }
      markUploadForm(form)
    }
    form.addEventListener('submit', hold, { capture: true })
    return () => form.removeEventListener('submit', hold, { capture: true })
  }, [rules])

  return {
    inputProps: {
      ref,
      onChange: (event) => {
        const run = prepare(event.currentTarget).finally(() => {
          if (pending.current === run) pending.current = null
        })
        pending.current = run
      },
    },
    errors: error ? [error] : null,
    stamp,
    note,
  }
}
