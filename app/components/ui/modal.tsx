import { useEffect, useId, useRef } from 'react'
import { Form, Link, useNavigate } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { JsMarker } from '#app/components/js-marker'
import { Alert } from './alert'
import { buttonClass, CancelLink, SubmitButton } from './button'

// Here too for the dialogs (a form outside a dialog takes it from ./button, without this module).
export { CancelLink } from './button'

/**
 * A dialog that is URL state (?dialogo=crear, ?editar=ID, ?eliminar=ID, ?correo=ID): the server
 * renders it open, a plain section over the page without JS; once hydrated it becomes a modal
 * <dialog> (focus kept inside, Esc closes). Closing goes to `closeTo`, the URL without the state.
 */
export function Modal({
  title,
  closeTo,
  children,
  wide = false,
}: {
  title: string
  closeTo: string
  children: React.ReactNode
  wide?: boolean
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || dialog.matches(':modal')) return
    // Rendered open by the server: reopen as a modal now that JS runs. showModal() moves focus
    // to the first focusable element; a field React already focused (autoFocus) keeps it.
    const focused = document.activeElement
    dialog.close()
    dialog.showModal()
    if (focused instanceof HTMLElement && focused !== dialog && dialog.contains(focused)) focused.focus()
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
        className={
          `fixed inset-0 z-50 m-auto max-h-[92dvh] w-[calc(100%-1.5rem)] overflow-y-auto ` +
          `overscroll-contain rounded-xl bg-white p-0 text-slate-900 shadow-2xl ` +
          `backdrop:bg-slate-900/50 ${wide ? 'max-w-3xl' : 'max-w-lg'}`
        }
      >
        <div
          className={
            'sticky top-0 z-10 flex items-center justify-between gap-3 border-b ' +
            'border-slate-200 bg-white px-5 py-3'
          }
        >
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <Link to={closeTo} preventScrollReset className={buttonClass('ghost', 'px-2 font-medium')}>
            <span aria-hidden="true">✕</span>
            <span className="sr-only">Cerrar</span>
          </Link>
        </div>
        <div className="px-5 py-4">{children}</div>
      </dialog>
    </>
  )
}

/**
 * "¿Seguro que quieres eliminar …?": posts `intent` and `id` to the page's action, shows the
 * action's errors, and offers Cancelar / Eliminar.
 */
export function ConfirmDeleteModal({
  title,
  closeTo,
  intent,
  id,
  feedback,
  children,
}: {
  title: string
  closeTo: string
  intent: string
  id: number
  feedback?: { errors?: string[] | null; id?: string }
  children: React.ReactNode
}) {
  return (
    <Modal title={title} closeTo={closeTo}>
      <Form method="post" className="space-y-4">
        <JsMarker />
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <Alert tone="error" messages={feedback?.errors} replyId={feedback?.id} durationMs={4000} />
        <p className="text-slate-800">{children}</p>
        <div className="flex flex-wrap justify-end gap-2">
          <CancelLink to={closeTo} />
          <SubmitButton variant="danger" pendingText="Eliminando…">
            Eliminar
          </SubmitButton>
        </div>
      </Form>
    </Modal>
  )
}
