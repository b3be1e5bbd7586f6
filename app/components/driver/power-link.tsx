import { useState } from 'react'
import { Form } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { buttonClass } from '#app/components/ui/button'
import { cn } from '#app/components/ui/cn'
import { CONTROL } from '#app/components/ui/field'
import { Icon } from './icons'

/** Where the driver issues the link (app/routes/user/power-link.tsx). */
export const POWER_LINK_PAGE = '/user/dashboard/poder-simple'

/** The slot's second way besides uploading a signed document: a POST that issues the link. */
export function CreatePowerButton({ label }: { label: string }) {
  return (
    <Form method="post" action={POWER_LINK_PAGE}>
      <button
        type="submit"
        aria-label={`Crear poder simple: ${label}`}
        className={
          'inline-flex min-h-11 items-center gap-1.5 rounded-md border border-brand-700 ' +
          'px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50'
        }
      >
        <Icon name="file" className="h-4 w-4" />
        Crear poder simple
      </button>
    </Form>
  )
}

/** The WhatsApp share of spec: wa.me with the text and the link, the recipient chosen in the app. */
export function whatsappShareUrl(link: string) {
  const text =
    `Hola, te envío el enlace para completar el poder simple que me autoriza a ` +
    `conducir tu vehículo en Fleeters: ${link}`
  return `https://wa.me/?text=${encodeURIComponent(text)}`
}

/** The issued link, to copy (with JS) or share through WhatsApp; without JS it can be selected. */
export function PowerLinkPanel({
  link,
  expires,
}: {
  link: string
  /** Already formatted by the server (no hydration drift). */ expires: string
}) {
  const hydrated = useHydrated()
  const [copied, setCopied] = useState<'ok' | 'error' | null>(null)
  return (
    <section
      aria-labelledby="enlace-poder"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="enlace-poder" className="text-lg font-semibold text-slate-900">
        Enlace para crear el poder simple
      </h2>
      <p className="text-sm text-slate-700">
        Complétalo tú o envíaselo al dueño del vehículo. Sirve una sola vez y vence el {expires}.
      </p>
      <div>
        <label htmlFor="enlace-poder-simple" className="block text-sm font-medium text-slate-800">
          Enlace
        </label>
        <input
          id="enlace-poder-simple"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className={cn(CONTROL, 'bg-slate-50 font-mono text-sm')}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {hydrated ? (
          <button
            type="button"
            onClick={() => {
              navigator.clipboard.writeText(link).then(
                () => setCopied('ok'),
                () => setCopied('error'),
              )
            }}
            className={buttonClass('primary', 'gap-1.5 px-4 py-2 text-base')}
          >
            Copiar enlace
          </button>
        ) : null}
        <a
          href={whatsappShareUrl(link)}
          target="_blank"
          rel="noreferrer"
          className={
            'inline-flex items-center gap-1.5 rounded-md border border-green-800 px-4 py-2 ' +
            'font-semibold text-green-900 hover:bg-green-50'
          }
        >
          Compartir por WhatsApp
        </a>
        <a
          href={link}
          className={buttonClass('ghost', 'px-3 py-2 underline-offset-2 hover:underline text-base text-brand-700')}
        >
          Completar ahora
        </a>
      </div>
      <p role="status" className="min-h-5 text-sm text-slate-700">
        {copied === 'ok'
          ? 'Enlace copiado.'
          : copied === 'error'
            ? 'No se pudo copiar: selecciona el enlace y cópialo.'
            : ''}
      </p>
    </section>
  )
}
