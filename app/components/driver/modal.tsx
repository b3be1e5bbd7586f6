import { useEffect, useId, useRef } from 'react'
import { Link, useNavigate } from 'react-router'
import { SubmitButton } from '../forms'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Icon } from './icons'

/**
 * A modal that is URL state: the server renders it open (a plain page section without JS);
 * once hydrated it becomes a real modal <dialog>. Closing goes to `closeTo`, the same URL
 * without the modal's parameters, so a successful save that redirects there closes it too.
 */
export function Modal({ title, closeTo, children, wide = false }: { title: string; closeTo: string; children: React.ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || dialog.matches(':modal')) return
    dialog.close()
    dialog.showModal()
  }, [])
  return (
    <>
      {hydrated ? null : <div className="fixed inset-0 z-40 bg-slate-900/50" aria-hidden="true" />}
      <dialog
        ref={ref}
        open
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault()
          navigate(closeTo, { preventScrollReset: true })
        }}
        className={`fixed inset-0 z-50 m-auto max-h-[92dvh] w-[calc(100%-1.5rem)] overflow-y-auto rounded-xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 ${wide ? 'max-w-3xl' : 'max-w-lg'}`}
      >
        <div className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <Link to={closeTo} preventScrollReset aria-label="Cerrar" className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900">
            <Icon name="close" />
          </Link>
        </div>
        <div className="px-5 py-4">{children}</div>
      </dialog>
    </>
  )
}

/** The secondary action of a modal: back to the page without it. */
export function CancelLink({ to, children = 'Cancelar' }: { to: string; children?: React.ReactNode }) {
  return (
    <Link to={to} preventScrollReset className="inline-flex items-center justify-center rounded-md border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
      {children}
    </Link>
  )
}

/** A destructive submit: SubmitButton (its loader while sending) in red. */
export function DangerSubmit({ children, pendingText }: { children: React.ReactNode; pendingText: string }) {
  return (
    <SubmitButton pendingText={pendingText} className="bg-red-700! hover:bg-red-900!">
      {children}
    </SubmitButton>
  )
}
