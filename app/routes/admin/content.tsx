import { data, Form, useActionData, useLoaderData } from 'react-router'
import { signOutIfRefused } from '#app/.server/auth'
import { adminApi, type ContentData, type ContentList } from '#app/.server/backend/admin'
import { messageList } from '#app/.server/backend/client'
import { readUpload } from '#app/.server/body-limit'
import { redirectWithToast, required } from '#app/.server/responses'
import { PageHeader, Section } from '#app/components/admin/console'
import { Alert } from '#app/components/ui/alert'
import { buttonClass } from '#app/components/ui/button'
import { CONTROL, FileField } from '#app/components/ui/field'
import { UploadProgress, uploadClientAction } from '#app/components/upload/transfer'
import { useUploadField } from '#app/components/upload/upload-field'
import { positiveId } from '#domain/ids'
import { LOGO_UPLOAD } from '#domain/uploads'
import {
  FAQ_PARAGRAPH_MAX,
  FAQ_QUESTION_MAX,
  paragraphsFromText,
  SHORT_TEXT_MAX,
  STATISTIC_DESCRIPTION_MAX,
  STATISTIC_VALUE_MAX,
  TESTIMONIAL_COMMENT_MAX,
} from '#domain/validation/admin-constants'
import type { Route } from './+types/content'
import { reauthIfAsked, requireAdministrador } from './admin.server'

export const meta: Route.MetaFunction = () => [{ title: 'Contenido del sitio | Consola | Fleeters' }]

const LISTS: ContentList[] = ['faqs', 'testimonials', 'logos', 'statistics']

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdministrador(request, context)
  return required(request, await adminApi.content(context, session.token))
}

type Values = Record<string, string>

/** Every form of the page posts here with an `intent`; the public caches drop on any POST. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdministrador(request, context)
  // A logo is at most 3 MB (domain/uploads.ts; the service checks it again).
  const form = await readUpload(request, { maxFileSize: LOGO_UPLOAD.maxBytes })
  if (form === 'too-large')
    return redirectWithToast('/admin/contenido', { type: 'error', message: LOGO_UPLOAD.messages.tooLarge })
  if (form === 'invalid')
    return redirectWithToast('/admin/contenido', { type: 'error', message: 'No se pudo leer el formulario.' })
  const intent = String(form.get('intent') ?? '')
  const list = String(form.get('list') ?? '') as ContentList
  const id = positiveId(form.get('item'))
  const values: Values = {}
  for (const [k, v] of form.entries()) if (typeof v === 'string') values[k] = v
  const key = `${list}-${id ?? 'nuevo'}`
  const token = session.token
  if (!LISTS.includes(list))
    return redirectWithToast('/admin/contenido', { type: 'error', message: 'Acción no válida.' })

  let res
  if (intent === 'move' && id) {
    res = await adminApi.moveContent(context, token, list, id, values.direction === 'up' ? 'up' : 'down')
  } else if (intent === 'delete' && id && list !== 'statistics') {
    res = await adminApi.deleteContent(context, token, list, id)
  } else if (intent === 'save') {
    let body: { json?: unknown; form?: FormData }
    if (list === 'faqs')
      body = { json: { question: values.question ?? '', answers: paragraphsFromText(values.answers ?? '') } }
    else if (list === 'testimonials')
      body = {
        json: {
          name: values.name,
          job_title: values.job_title,
          name_business: values.name_business,
          comment: values.comment,
          logo_business: values.logo_business ?? '',
        },
      }
    else if (list === 'statistics')
      body = {
        json: { title: values.title, value: values.value, description: values.description, source: values.source },
      }
    else {
      const upload = new FormData()
      upload.set('name', values.name ?? '')
      const image = form.get('image')
      if (image && typeof image !== 'string' && image.size > 0) upload.set('image', image)
      body = { form: upload }
    }
    res = id
      ? await adminApi.updateContent(context, token, list, id, body)
      : list === 'statistics'
        ? null
        : await adminApi.createContent(context, token, list, body)
  }
  if (!res) return redirectWithToast('/admin/contenido', { type: 'error', message: 'Acción no válida.' })
  if (!res.ok) {
    await reauthIfAsked(request, res, `/admin/contenido#${list}-${id ?? 'nuevo'}`)
    await signOutIfRefused(request, res.status)
    return data({ key, errors: messageList(res.message), values }, { status: res.status })
  }
  const anchor = id ? `#${list}-${id}` : `#${list}`
  return redirectWithToast(`/admin/contenido${anchor}`, { type: 'success', message: res.data.message })
}

type ActionData = { key: string; errors: string[]; values: Values } | undefined

function Hidden({ list, id, intent }: { list: ContentList; id?: number; intent: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="list" value={list} />
      {id ? <input type="hidden" name="item" value={id} /> : null}
    </>
  )
}

function Field({
  label,
  name,
  formKey,
  value,
  max,
  multiline,
  rows,
  required = true,
  hint,
}: {
  label: string
  name: string
  formKey: string
  value: string
  max: number
  multiline?: boolean
  rows?: number
  required?: boolean
  hint?: string
}) {
  const id = `${formKey}-${name}`
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea
          id={id}
          name={name}
          defaultValue={value}
          rows={rows ?? 3}
          required={required}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className={CONTROL}
        />
      ) : (
        <input
          id={id}
          name={name}
          defaultValue={value}
          maxLength={max}
          required={required}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className={CONTROL}
        />
      )}
    </div>
  )
}

/** Subir / Bajar / Eliminar for one item. */
function ItemControls({
  list,
  id,
  label,
  deletable = true,
}: {
  list: ContentList
  id: number
  label: string
  deletable?: boolean
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Form method="post" preventScrollReset className="flex gap-1">
        <Hidden list={list} id={id} intent="move" />
        <button
          type="submit"
          name="direction"
          value="up"
          className={buttonClass('secondary', 'px-2 py-1 text-xs')}
          aria-label={`Subir: ${label}`}
        >
          ↑ Subir
        </button>
        <button
          type="submit"
          name="direction"
          value="down"
          className={buttonClass('secondary', 'px-2 py-1 text-xs')}
          aria-label={`Bajar: ${label}`}
        >
          ↓ Bajar
        </button>
      </Form>
      {deletable ? (
        <Form
          method="post"
          preventScrollReset
          onSubmit={(e) => {
            if (!window.confirm(`¿Eliminar «${label}»? No se puede deshacer.`)) e.preventDefault()
          }}
        >
          <Hidden list={list} id={id} intent="delete" />
          <button
            type="submit"
            className={buttonClass('danger-outline', 'px-2 py-1 text-xs')}
            aria-label={`Eliminar: ${label}`}
          >
            Eliminar
          </button>
        </Form>
      ) : null}
    </div>
  )
}

function FaqForm({ faq, actionData }: { faq?: ContentData['faqs'][number]; actionData: ActionData }) {
  const formKey = `faqs-${faq?.id ?? 'nuevo'}`
  const mine = actionData?.key === formKey ? actionData : undefined
  const v = mine?.values ?? { question: faq?.question ?? '', answers: faq?.answers.join('\n\n') ?? '' }
  return (
    <Form method="post" preventScrollReset className="mt-3 space-y-3">
      <Hidden list="faqs" id={faq?.id} intent="save" />
      <Alert tone="error" className="mb-3 py-2" messages={mine?.errors} />
      <Field label="Pregunta" name="question" formKey={formKey} value={v.question ?? ''} max={FAQ_QUESTION_MAX} />
      <Field
        label="Respuesta"
        name="answers"
        formKey={formKey}
        value={v.answers ?? ''}
        max={FAQ_PARAGRAPH_MAX}
        multiline
        rows={5}
        hint="Separa los párrafos con una línea en blanco."
      />
      <button type="submit" className={buttonClass('primary')}>
        {faq ? 'Guardar pregunta' : 'Agregar pregunta'}
      </button>
    </Form>
  )
}

function TestimonialForm({ t, actionData }: { t?: ContentData['testimonials'][number]; actionData: ActionData }) {
  const formKey = `testimonials-${t?.id ?? 'nuevo'}`
  const mine = actionData?.key === formKey ? actionData : undefined
  const v = mine?.values ?? {
    name: t?.name ?? '',
    job_title: t?.job_title ?? '',
    name_business: t?.name_business ?? '',
    comment: t?.comment ?? '',
    logo_business: t?.logo_business ?? '',
  }
  return (
    <Form method="post" preventScrollReset className="mt-3 grid gap-3 sm:grid-cols-2">
      <Hidden list="testimonials" id={t?.id} intent="save" />
      <div className="sm:col-span-2">
        <Alert tone="error" className="mb-3 py-2" messages={mine?.errors} />
      </div>
      <Field label="Nombre" name="name" formKey={formKey} value={v.name ?? ''} max={SHORT_TEXT_MAX} />
      <Field label="Cargo" name="job_title" formKey={formKey} value={v.job_title ?? ''} max={SHORT_TEXT_MAX} />
      <Field
        label="Empresa"
        name="name_business"
        formKey={formKey}
        value={v.name_business ?? ''}
        max={SHORT_TEXT_MAX}
      />
      <Field
        label="Logo de la empresa (ruta, opcional)"
        name="logo_business"
        formKey={formKey}
        value={v.logo_business ?? ''}
        max={300}
        required={false}
      />
      <div className="sm:col-span-2">
        <Field
          label="Comentario"
          name="comment"
          formKey={formKey}
          value={v.comment ?? ''}
          max={TESTIMONIAL_COMMENT_MAX}
          multiline
        />
      </div>
      <div>
        <button type="submit" className={buttonClass('primary')}>
          {t ? 'Guardar testimonio' : 'Agregar testimonio'}
        </button>
      </div>
    </Form>
  )
}

function LogoForm({ logo, actionData }: { logo?: ContentData['logos'][number]; actionData: ActionData }) {
  const formKey = `logos-${logo?.id ?? 'nuevo'}`
  const mine = actionData?.key === formKey ? actionData : undefined
  const upload = useUploadField(LOGO_UPLOAD)
  return (
    <Form method="post" encType="multipart/form-data" preventScrollReset className="mt-3 space-y-3">
      <Hidden list="logos" id={logo?.id} intent="save" />
      <Alert tone="error" className="mb-3 py-2" messages={upload.errors ?? mine?.errors} />
      <Field
        label="Nombre de la empresa"
        name="name"
        formKey={formKey}
        value={mine?.values.name ?? logo?.name ?? ''}
        max={SHORT_TEXT_MAX}
      />
      <FileField
        label={logo ? 'Reemplazar imagen (opcional)' : 'Imagen'}
        limit={LOGO_UPLOAD.limitText}
        note={upload.note}
        invalid={Boolean(upload.errors)}
        inputProps={{
          id: `${formKey}-image`,
          name: 'image',
          accept: LOGO_UPLOAD.accept,
          required: !logo,
          ...upload.inputProps,
        }}
      />
      <UploadProgress />
      <button type="submit" className={buttonClass('primary')}>
        {logo ? 'Guardar logo' : 'Agregar logo'}
      </button>
    </Form>
  )
}

function hasErrorFor(actionData: ActionData, key: string) {
  return actionData?.key === key
}

/** With JS, a logo travels through XMLHttpRequest so its progress shows; the other forms go as usual. */
export const clientAction = uploadClientAction

export default function ContentPage() {
  const content = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ActionData
  return (
    <>
      <PageHeader title="Contenido del sitio">
        <p className="text-sm text-slate-700">
          Los cambios se ven de inmediato en el inicio y en Preguntas frecuentes.
        </p>
      </PageHeader>
      <div className="space-y-6">
        <Section title="Estadísticas del inicio" id="statistics">
          <ul className="grid gap-4 md:grid-cols-2">
            {content.statistics.map((s) => {
              const formKey = `statistics-${s.id}`
              const mine = actionData?.key === formKey ? actionData : undefined
              const v = mine?.values ?? { title: s.title, value: s.value, description: s.description, source: s.source }
              return (
                <li key={s.id} id={formKey} className="rounded-lg border border-slate-200 p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <strong className="text-slate-900">{s.title}</strong>
                    <ItemControls list="statistics" id={s.id} label={s.title} deletable={false} />
                  </div>
                  <Form method="post" preventScrollReset className="mt-3 space-y-3">
                    <Hidden list="statistics" id={s.id} intent="save" />
                    <Alert tone="error" className="mb-3 py-2" messages={mine?.errors} />
                    <Field label="Título" name="title" formKey={formKey} value={v.title ?? ''} max={SHORT_TEXT_MAX} />
                    <Field
                      label="Valor"
                      name="value"
                      formKey={formKey}
                      value={v.value ?? ''}
                      max={STATISTIC_VALUE_MAX}
                    />
                    <div>
                      <label htmlFor={`${formKey}-source`} className="block text-sm font-semibold text-slate-800">
                        Origen del número
                      </label>
                      <select id={`${formKey}-source`} name="source" defaultValue={v.source} className={CONTROL}>
                        <option value="manual">El valor escrito arriba</option>
                        <option value="validated_drivers">
                          Conteo de Fleeters validados (hoy {content.validated_drivers})
                        </option>
                      </select>
                    </div>
                    <Field
                      label="Descripción"
                      name="description"
                      formKey={formKey}
                      value={v.description ?? ''}
                      max={STATISTIC_DESCRIPTION_MAX}
                      multiline
                      rows={2}
                    />
                    <button
                      type="submit"
                      className={buttonClass('primary')}
                      aria-label={`Guardar estadística: ${s.title}`}
                    >
                      Guardar
                    </button>
                  </Form>
                </li>
              )
            })}
          </ul>
        </Section>

        <Section title="Preguntas frecuentes" id="faqs">
          <ol className="space-y-3">
            {content.faqs.map((f) => (
              <li key={f.id} id={`faqs-${f.id}`} className="rounded-lg border border-slate-200 p-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <strong className="text-slate-900">{f.question}</strong>
                    <p className="text-xs text-slate-600">
                      {f.answers.length === 1 ? '1 párrafo' : `${f.answers.length} párrafos`}
                    </p>
                  </div>
                  <ItemControls list="faqs" id={f.id} label={f.question} />
                </div>
                <details open={hasErrorFor(actionData, `faqs-${f.id}`)}>
                  <summary className="mt-2 cursor-pointer text-sm font-semibold text-brand-700">
                    Editar: {f.question}
                  </summary>
                  <FaqForm faq={f} actionData={actionData} />
                </details>
              </li>
            ))}
          </ol>
          <details
            open={hasErrorFor(actionData, 'faqs-nuevo')}
            className="mt-4 rounded-lg border border-dashed border-slate-300 p-3"
          >
            <summary className="cursor-pointer text-sm font-semibold text-brand-700">Nueva pregunta</summary>
            <FaqForm actionData={actionData} />
          </details>
        </Section>

        <Section title="Testimonios" id="testimonials">
          <ol className="space-y-3">
            {content.testimonials.map((t) => (
              <li key={t.id} id={`testimonials-${t.id}`} className="rounded-lg border border-slate-200 p-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <strong className="text-slate-900">{t.name}</strong>
                    <span className="text-sm text-slate-700">
                      {' '}
                      · {t.job_title}, {t.name_business}
                    </span>
                    <p className="text-sm text-slate-700">“{t.comment}”</p>
                  </div>
                  <ItemControls list="testimonials" id={t.id} label={`testimonio de ${t.name}`} />
                </div>
                <details open={hasErrorFor(actionData, `testimonials-${t.id}`)}>
                  <summary className="mt-2 cursor-pointer text-sm font-semibold text-brand-700">
                    Editar testimonio de {t.name}
                  </summary>
                  <TestimonialForm t={t} actionData={actionData} />
                </details>
              </li>
            ))}
          </ol>
          <details
            open={hasErrorFor(actionData, 'testimonials-nuevo')}
            className="mt-4 rounded-lg border border-dashed border-slate-300 p-3"
          >
            <summary className="cursor-pointer text-sm font-semibold text-brand-700">Nuevo testimonio</summary>
            <TestimonialForm actionData={actionData} />
          </details>
        </Section>

        <Section title="Logos de empresas" id="logos">
          <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {content.logos.map((l) => (
              <li key={l.id} id={`logos-${l.id}`} className="rounded-lg border border-slate-200 p-3">
                <div className="flex items-center gap-3">
                  <img src={l.img_logo} alt={`Logo de ${l.name}`} className="h-12 w-24 object-contain" loading="lazy" />
                  <strong className="text-slate-900">{l.name}</strong>
                </div>
                <div className="mt-2">
                  <ItemControls list="logos" id={l.id} label={`logo de ${l.name}`} />
                </div>
                <details open={hasErrorFor(actionData, `logos-${l.id}`)}>
                  <summary className="mt-2 cursor-pointer text-sm font-semibold text-brand-700">
                    Editar logo de {l.name}
                  </summary>
                  <LogoForm logo={l} actionData={actionData} />
                </details>
              </li>
            ))}
          </ol>
          <details
            open={hasErrorFor(actionData, 'logos-nuevo')}
            className="mt-4 rounded-lg border border-dashed border-slate-300 p-3"
          >
            <summary className="cursor-pointer text-sm font-semibold text-brand-700">Nuevo logo</summary>
            <LogoForm actionData={actionData} />
          </details>
        </Section>
      </div>
    </>
  )
}
