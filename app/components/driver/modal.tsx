import { Form, Link } from 'react-router'
import { SubmitButton } from '#app/components/forms'
import { JsMarker } from '#app/components/js-marker'
import { Modal } from '#app/components/url-modal'
import { FormMessages } from './fields'

/** The driver area's modals are the shared URL-state modal. */
export { Modal } from '#app/components/url-modal'

/** The secondary action of a modal: back to the page without it. */
export function CancelLink({ to, children = 'Cancelar' }: { to: string; children?: React.ReactNode }) {
  return (
    <Link
      to={to}
      preventScrollReset
      className="inline-flex items-center justify-center rounded-md border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
    >
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
  feedback?: { errors?: string[] | null; stamp?: number | string }
  children: React.ReactNode
}) {
  return (
    <Modal title={title} closeTo={closeTo}>
      <Form method="post" className="space-y-4">
        <JsMarker />
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <FormMessages messages={feedback?.errors} stamp={feedback?.stamp} />
        <p className="text-slate-800">{children}</p>
        <div className="flex flex-wrap justify-end gap-2">
          <CancelLink to={closeTo} />
          <DangerSubmit pendingText="Eliminando…">Eliminar</DangerSubmit>
        </div>
      </Form>
    </Modal>
  )
}
