import { useEffect, useState } from 'react'

/** Spec §9: driver alerts (and the apply/save answers) clear after 4 s. */
export const DRIVER_ALERT_MS = 4000

export interface ToastData {
  type: 'success' | 'error' | 'info'
  message: string
  durationMs: number
}

const STYLES: Record<ToastData['type'], string> = {
  success: 'border-green-700 bg-green-50 text-green-900',
  error: 'border-red-700 bg-red-50 text-red-900',
  info: 'border-brand-700 bg-brand-50 text-brand-900',
}

/**
 * A message after a redirect. With JS it leaves after its time (spec §8/§9); without JS it
 * stays on the page until the next one.
 */
export function Toast({ toast }: { toast: ToastData }) {
  const [visible, setVisible] = useState(true)
  useEffect(() => {
    setVisible(true)
    const timer = setTimeout(() => setVisible(false), toast.durationMs)
    return () => clearTimeout(timer)
  }, [toast])
  if (!visible) return null
  return (
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      className={`fixed inset-x-4 top-4 z-50 mx-auto max-w-md rounded-md border-l-4 px-4 py-3 shadow-lg sm:right-6 sm:left-auto ${STYLES[toast.type]}`}
    >
      {toast.message}
    </div>
  )
}

/** An inline message next to a form; `durationMs` hides it with JS. */
export function Alert({ type, children, durationMs, id }: { type: ToastData['type']; children: React.ReactNode; durationMs?: number; id?: string }) {
  const [visible, setVisible] = useState(true)
  useEffect(() => {
    setVisible(true)
    if (!durationMs) return
    const timer = setTimeout(() => setVisible(false), durationMs)
    return () => clearTimeout(timer)
  }, [durationMs, children])
  if (!visible) return null
  return (
    <div id={id} tabIndex={-1} role={type === 'error' ? 'alert' : 'status'} className={`rounded-md border-l-4 px-4 py-3 text-sm ${STYLES[type]}`}>
      {children}
    </div>
  )
}
