import { useEffect, useState } from 'react'
import { TONES, type Tone } from './tones'

export interface ToastData {
  type: Tone
  message: string
  durationMs: number
}

/** A message after a redirect, over the page's top; with JS it leaves after its time. */
export function Toast({ toast }: { toast: ToastData }) {
  const [visible, setVisible] = useState(true)
  useEffect(() => {
    // Each redirect brings a new toast object: the same text after another action shows again.
    setVisible(true)
    const timer = setTimeout(() => setVisible(false), toast.durationMs)
    return () => clearTimeout(timer)
  }, [toast])
  if (!visible) return null
  return (
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      className={
        `fixed inset-x-4 top-4 z-50 mx-auto max-w-md rounded-md border-l-4 px-4 py-3 ` +
        `shadow-lg sm:right-6 sm:left-auto ${TONES[toast.type]}`
      }
    >
      {toast.message}
    </div>
  )
}
