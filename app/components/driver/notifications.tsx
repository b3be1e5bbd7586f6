import { Form, useNavigation } from 'react-router'
import { buttonClass } from '#app/components/ui/button'
import { formatPhone } from '#domain/format'
import type { ProfileReply } from './profile'

interface Preferences {
  email: boolean
  whatsapp: boolean
  whatsapp_available: boolean
}

/** A checkbox on one line with its label filling it: a 44 px tall tap target (as CheckboxField). */
function Channel({
  name,
  checked,
  disabled,
  children,
}: {
  name: string
  checked: boolean
  disabled?: boolean
  children: React.ReactNode
}) {
  const id = `aviso-${name}`
  return (
    <div className="flex items-start gap-3">
      <input
        type="checkbox"
        id={id}
        name={name}
        defaultChecked={checked}
        disabled={disabled}
        className="mt-3 h-5 w-5 shrink-0 rounded border-slate-400 text-brand-700"
      />
      <label htmlFor={id} className="min-h-11 flex-1 py-3 text-sm text-slate-800">
        {children}
      </label>
    </div>
  )
}

/**
 * «Notificaciones» in «Mi perfil» (decision 98): where the driver hears about their documents,
 * applications and expiry dates. A plain form; with JS it posts without reloading the page.
 */
export function NotificationsSection({
  preferences,
  email,
  phone,
  feedback,
}: {
  preferences: Preferences
  email: string
  phone: string | null
  feedback?: ProfileReply
}) {
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'notifications'
  return (
    <section aria-labelledby="notificaciones" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="notificaciones" className="text-lg font-semibold text-slate-900">
        Notificaciones
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Te avisamos cuando revisamos tus documentos, cuando una empresa cambia el estado de tu postulación y antes de
        que venza un documento.
      </p>
      {/* Keyed by the saved choice: after a save the boxes show what was stored. */}
      <Form method="post" preventScrollReset key={`${preferences.email}-${preferences.whatsapp}`} className="mt-3">
        <input type="hidden" name="intent" value="notifications" />
        <fieldset>
          <legend className="sr-only">Recibir avisos por</legend>
          <Channel name="email" checked={preferences.email}>
            Correo electrónico <span className="break-all text-slate-600">({email})</span>
          </Channel>
          <Channel name="whatsapp" checked={preferences.whatsapp} disabled={!preferences.whatsapp_available}>
            WhatsApp
            {preferences.whatsapp_available ? (
              <span className="text-slate-600"> ({formatPhone(phone)})</span>
            ) : (
              <span className="block text-slate-600">Para recibir WhatsApp, agrega un celular en «Mis Datos».</span>
            )}
          </Channel>
        </fieldset>
        {feedback?.errors?.length ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {feedback.errors.join(' ')}
          </p>
        ) : null}
        <button type="submit" disabled={saving} className={buttonClass('secondary', 'mt-3 min-h-11 px-4 text-sm')}>
          {saving ? 'Guardando…' : 'Guardar notificaciones'}
        </button>
      </Form>
    </section>
  )
}
