import { Form, useNavigation } from 'react-router'
import { buttonClass } from '#app/components/ui/button'
import type { ProfileReply } from './profile'

/**
 * «Invitaciones de empresas» in «Mi perfil», beside «Notificaciones» (decision 106): off until the
 * driver turns it on. A plain form; with JS it posts without reloading the page.
 */
export function InvitationsSection({
  preference,
  feedback,
}: {
  preference: { invitations: boolean; opposed: boolean }
  feedback?: ProfileReply
}) {
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'invitations'
  return (
    <section aria-labelledby="invitaciones" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="invitaciones" className="text-lg font-semibold text-slate-900">
        Invitaciones de empresas
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Si lo activas, las empresas con una publicación para tu vehículo en tu región pueden invitarte a postular cuando
        tus 22 documentos estén aprobados. No ven tu nombre ni tus datos hasta que postules; te llega un aviso por los
        canales que elegiste arriba.
      </p>
      {preference.opposed ? (
        <p className="mt-2 text-sm text-amber-800">
          Dejaste de recibir correos no esenciales en «Mis datos»: mientras no vuelvas a recibirlos, ninguna empresa te
          invitará.
        </p>
      ) : null}
      {/* Keyed by the saved choice: after a save the box shows what was stored. */}
      <Form method="post" preventScrollReset key={String(preference.invitations)} className="mt-3">
        <input type="hidden" name="intent" value="invitations" />
        <div className="flex items-start gap-3">
          <input
            type="checkbox"
            id="invitaciones-empresas"
            name="invitations"
            defaultChecked={preference.invitations}
            className="mt-3 h-5 w-5 shrink-0 rounded border-slate-400 text-brand-700"
          />
          <label htmlFor="invitaciones-empresas" className="min-h-11 flex-1 py-3 text-sm text-slate-800">
            Quiero que las empresas me inviten
          </label>
        </div>
        {feedback?.errors?.length ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {feedback.errors.join(' ')}
          </p>
        ) : null}
        <button type="submit" disabled={saving} className={buttonClass('secondary', 'mt-3 min-h-11 px-4 text-sm')}>
          {saving ? 'Guardando…' : 'Guardar invitaciones'}
        </button>
      </Form>
    </section>
  )
}
