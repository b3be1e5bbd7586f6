import { Form, href } from 'react-router'
import { adminApi, type ContentData, type ContentList } from '#app/.server/backend/admin'
import { messageList, type BackendResult } from '#app/.server/backend/client'
import { readUpload } from '#app/.server/body-limit'
import { formAction, type Tools } from '#app/.server/form-action'
import { redirectWithToast, required } from '#app/.server/responses'
import { PageHeader, Section } from '#app/components/admin/console'
import { Alert } from '#app/components/ui/alert'
import { buttonClass } from '#app/components/ui/button'
import { CONTROL, FileField } from '#app/components/ui/field'
import { UploadProgress, uploadClientAction } from '#app/components/upload/transfer'
import { useUploadField } from '#app/components/upload/upload-field'
import { pagePath } from '#app/paths'
import { positiveId } from '#domain/ids'
import { LOGO_UPLOAD } from '#domain/uploads'
import {
  FAQ_QUESTION_MAX,
  paragraphsFromText,
  SHORT_TEXT_MAX,
  STATISTIC_VALUE_MAX,
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
type Extra = { key: string; values: Values }

/**
 * Every form of the page posts here with an `intent` and its `list` (and `item`, but a new one);
 * the public caches drop on any POST. A refusal shows in the item's form (`key`) with what was typed.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args
  const session = await requireAdministrador(request, context)
  const page = href('/admin/contenido')
  // A logo is at most 3 MB (domain/uploads.ts; the service checks it again).
  const formData = await readUpload(request, { maxFileSize: LOGO_UPLOAD.maxBytes })
  if (formData === 'too-large')
    return redirectWithToast(page, { type: 'error', message: LOGO_UPLOAD.messages.tooLarge })
  if (formData === 'invalid')
    return redirectWithToast(page, { type: 'error', message: 'No se pudo leer el formulario.' })
  const list = String(formData.get('list') ?? '') as ContentList
  const id = positiveId(formData.get('item'))
  const values: Values = {}
  for (const [k, v] of formData.entries()) if (typeof v === 'string') values[k] = v
  const token = session.token
  const invalid = () => redirectWithToast(page, { type: 'error', message: 'Acción no válida.' })

  /** The service's answer to an intent: back to the item, or its form again with the refusal. */
  const answer =
    (call: () => Promise<BackendResult<{ message: string }>> | null) =>
    async ({ fail }: Tools<Extra>) => {
      const res = LISTS.includes(list) ? await call() : null
      if (!res) return invalid()
      if (!res.ok) {
        const key = `${list}-${id ?? 'nuevo'}`
        // Before the central rule that a 403 ends the session: this 403 asks for a recent proof of identity.
        await reauthIfAsked(request, res, `${page}#${key}`)
        return fail(res, { key, errors: messageList(res.message), values })
      }
      return redirectWithToast(`${page}${id ? `#${list}-${id}` : `#${list}`}`, {
        type: 'success',
        message: res.data.message,
      })
    }

  return formAction<Route.ActionArgs, Extra>({
    move: answer(() =>
      id ? adminApi.moveContent(context, token, list, id, values.direction === 'up' ? 'up' : 'down') : null,
    ),
    delete: answer(() => (id && list !== 'statistics' ? adminApi.deleteContent(context, token, list, id) : null)),
    save: answer(() => {
      const body =
        list === 'logos'
          ? { form: logoUpload(formData, values.name ?? '') }
          : { json: jsonOf(TEXT_FORMS[list].fields, values) }
      if (id) return adminApi.updateContent(context, token, list, id, body)
      return list === 'statistics' ? null : adminApi.createContent(context, token, list, body)
    }),
  })({ ...args, formData })
}

/** The service's JSON body from a form's texts. */
function jsonOf(fields: readonly TextField[], values: Values) {
  return Object.fromEntries(
    fields.map((f) => [f.name, f.paragraphs ? paragraphsFromText(values[f.name] ?? '') : values[f.name]]),
  )
}

/** A form's texts from an item as the service gives it (a new item: all empty). */
function valuesOf(fields: readonly TextField[], item: Record<string, unknown> = {}): Values {
  return Object.fromEntries(
    fields.map((f) => {
      const value = item[f.name]
      return [f.name, Array.isArray(value) ? value.join('\n\n') : typeof value === 'string' ? value : '']
    }),
  )
}

/** The logo form again as multipart: the name, and the image when one was chosen. */
function logoUpload(form: FormData, name: string) {
  const upload = new FormData()
  upload.set('name', name)
  const image = form.get('image')
  if (image && typeof image !== 'string' && image.size > 0) upload.set('image', image)
  return upload
}

type ActionData = Route.ComponentProps['actionData']

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
  options,
  content,
}: TextField & { formKey: string; value: string; content?: ContentData }) {
  const id = `${formKey}-${name}`
  if (options && content)
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
          {label}
        </label>
        <select id={id} name={name} defaultValue={value} className={CONTROL}>
          {options(content).map(([option, text]) => (
            <option key={option} value={option}>
              {text}
            </option>
          ))}
        </select>
      </div>
    )
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

/** One field of a text form, named as the service names it. */
interface TextField {
  name: string
  label: string
  /** A one-line text's maxlength: the service's limit. */
  max?: number
  multiline?: boolean
  rows?: number
  required?: boolean
  hint?: string
  /** Spans both columns of a two-column form. */
  wide?: boolean
  /** A choice instead of a text: value and label of each option. */
  options?: (content: ContentData) => Array<[string, string]>
  /** Paragraphs, a blank line between two: a list of texts for the service. */
  paragraphs?: boolean
}

type TextList = Exclude<ContentList, 'logos'>
type ItemOf<L extends ContentList> = ContentData[L][number]

/** A list edited with a form of texts: its fields and its submit button. */
interface TextForm<L extends TextList> {
  fields: readonly TextField[]
  submit: (item?: ItemOf<L>) => { text: string; label?: string }
  /** Two columns from `sm` up (the testimonials' five fields). */
  columns?: 2
}

const TEXT_FORMS: { [L in TextList]: TextForm<L> } = {
  faqs: {
    fields: [
      { name: 'question', label: 'Pregunta', max: FAQ_QUESTION_MAX },
      {
        name: 'answers',
        label: 'Respuesta',
        multiline: true,
        rows: 5,
        hint: 'Separa los párrafos con una línea en blanco.',
        paragraphs: true,
      },
    ],
    submit: (f) => ({ text: f ? 'Guardar pregunta' : 'Agregar pregunta' }),
  },
  testimonials: {
    fields: [
      { name: 'name', label: 'Nombre', max: SHORT_TEXT_MAX },
      { name: 'job_title', label: 'Cargo', max: SHORT_TEXT_MAX },
      { name: 'name_business', label: 'Empresa', max: SHORT_TEXT_MAX },
      { name: 'logo_business', label: 'Logo de la empresa (ruta, opcional)', max: 300, required: false },
      { name: 'comment', label: 'Comentario', multiline: true, wide: true },
    ],
    submit: (t) => ({ text: t ? 'Guardar testimonio' : 'Agregar testimonio' }),
    columns: 2,
  },
  statistics: {
    fields: [
      { name: 'title', label: 'Título', max: SHORT_TEXT_MAX },
      { name: 'value', label: 'Valor', max: STATISTIC_VALUE_MAX },
      {
        name: 'source',
        label: 'Origen del número',
        options: (content) => [
          ['manual', 'El valor escrito arriba'],
          ['validated_drivers', `Conteo de Fleeters validados (hoy ${content.validated_drivers})`],
        ],
      },
      { name: 'description', label: 'Descripción', multiline: true, rows: 2 },
    ],
    submit: (s) => ({ text: 'Guardar', label: `Guardar estadística: ${s?.title ?? ''}` }),
  },
}

/** The form of one item of a text list (or of a new one), with the answer to its last submission. */
function TextItemForm<L extends TextList>({
  list,
  item,
  actionData,
  content,
}: {
  list: L
  item?: ItemOf<L>
  actionData: ActionData
  content: ContentData
}) {
  const { fields, submit, columns } = TEXT_FORMS[list] as TextForm<L>
  const formKey = `${list}-${item?.id ?? 'nuevo'}`
  const mine = actionData?.key === formKey ? actionData : undefined
  const v = mine?.values ?? valuesOf(fields, item)
  const button = submit(item)
  const grid = columns === 2
  const alert = <Alert tone="error" className="mb-3 py-2" messages={mine?.errors} replyId={mine?.id} />
  const save = (
    <button type="submit" className={buttonClass('primary')} aria-label={button.label}>
      {button.text}
    </button>
  )
  return (
    <Form method="post" preventScrollReset className={grid ? 'mt-3 grid gap-3 sm:grid-cols-2' : 'mt-3 space-y-3'}>
      <Hidden list={list} id={item?.id} intent="save" />
      {grid ? <div className="sm:col-span-2">{alert}</div> : alert}
      {fields.map((f) => {
        const field = <Field key={f.name} {...f} formKey={formKey} value={v[f.name] ?? ''} content={content} />
        return f.wide ? (
          <div key={f.name} className="sm:col-span-2">
            {field}
          </div>
        ) : (
          field
        )
      })}
      {/* In a grid the button keeps its own width in a cell of its own. */}
      {grid ? <div>{save}</div> : save}
    </Form>
  )
}

function LogoForm({ logo, actionData }: { logo?: ItemOf<'logos'>; actionData: ActionData }) {
  const formKey = `logos-${logo?.id ?? 'nuevo'}`
  const mine = actionData?.key === formKey ? actionData : undefined
  const upload = useUploadField(LOGO_UPLOAD)
  return (
    <Form method="post" encType="multipart/form-data" preventScrollReset className="mt-3 space-y-3">
      <Hidden list="logos" id={logo?.id} intent="save" />
      <Alert tone="error" className="mb-3 py-2" messages={upload.errors ?? mine?.errors} replyId={mine?.id} />
      <Field
        label="Nombre de la empresa"
        name="name"
        formKey={formKey}
        value={mine?.values?.name ?? logo?.name ?? ''}
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

type SectionList = Exclude<ContentList, 'statistics'>

/** How the page shows a list the console adds to: its section, each item, and the item's form. */
interface ListScreen<L extends SectionList> {
  title: string
  newLabel: string
  className: string
  /** The item as the controls name it: «Subir: logo de Correos Sur». */
  label: (item: ItemOf<L>) => string
  editLabel: (item: ItemOf<L>) => string
  summary: (item: ItemOf<L>) => React.ReactNode
  /** The controls under the summary (a logo's narrow card) instead of beside it. */
  controlsBelow?: boolean
  form: (page: { item?: ItemOf<L>; actionData: ActionData; content: ContentData }) => React.ReactNode
}

const LIST_SCREENS: { [L in SectionList]: ListScreen<L> } = {
  faqs: {
    title: 'Preguntas frecuentes',
    newLabel: 'Nueva pregunta',
    className: 'space-y-3',
    label: (f) => f.question,
    editLabel: (f) => `Editar: ${f.question}`,
    summary: (f) => (
      <>
        <strong className="text-slate-900">{f.question}</strong>
        <p className="text-xs text-slate-600">
          {f.answers.length === 1 ? '1 párrafo' : `${f.answers.length} párrafos`}
        </p>
      </>
    ),
    form: (page) => <TextItemForm list="faqs" {...page} />,
  },
  testimonials: {
    title: 'Testimonios',
    newLabel: 'Nuevo testimonio',
    className: 'space-y-3',
    label: (t) => `testimonio de ${t.name}`,
    editLabel: (t) => `Editar testimonio de ${t.name}`,
    summary: (t) => (
      <>
        <strong className="text-slate-900">{t.name}</strong>
        <span className="text-sm text-slate-700">
          {' '}
          · {t.job_title}, {t.name_business}
        </span>
        <p className="text-sm text-slate-700">“{t.comment}”</p>
      </>
    ),
    form: (page) => <TextItemForm list="testimonials" {...page} />,
  },
  logos: {
    title: 'Logos de empresas',
    newLabel: 'Nuevo logo',
    className: 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3',
    label: (l) => `logo de ${l.name}`,
    editLabel: (l) => `Editar logo de ${l.name}`,
    summary: (l) => (
      <div className="flex items-center gap-3">
        <img src={l.img_logo} alt={`Logo de ${l.name}`} className="h-12 w-24 object-contain" loading="lazy" />
        <strong className="text-slate-900">{l.name}</strong>
      </div>
    ),
    controlsBelow: true,
    form: ({ item, actionData }) => <LogoForm logo={item} actionData={actionData} />,
  },
}

/**
 * A list the console adds to, edits, reorders and empties: each item with its controls and a
 * folded form, then a folded form for a new one. A form whose submission failed opens again.
 */
function ListSection<L extends SectionList>({
  list,
  content,
  actionData,
}: {
  list: L
  content: ContentData
  actionData: ActionData
}) {
  const screen = LIST_SCREENS[list] as ListScreen<L>
  const items = content[list] as Array<ItemOf<L>>
  return (
    <Section title={screen.title} id={list}>
      <ol className={screen.className}>
        {items.map((item) => {
          const controls = <ItemControls list={list} id={item.id} label={screen.label(item)} />
          return (
            <li key={item.id} id={`${list}-${item.id}`} className="rounded-lg border border-slate-200 p-3">
              {screen.controlsBelow ? (
                <>
                  {screen.summary(item)}
                  <div className="mt-2">{controls}</div>
                </>
              ) : (
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>{screen.summary(item)}</div>
                  {controls}
                </div>
              )}
              <details open={actionData?.key === `${list}-${item.id}`}>
                <summary className="mt-2 cursor-pointer text-sm font-semibold text-brand-700">
                  {screen.editLabel(item)}
                </summary>
                {screen.form({ item, actionData, content })}
              </details>
            </li>
          )
        })}
      </ol>
      <details
        open={actionData?.key === `${list}-nuevo`}
        className="mt-4 rounded-lg border border-dashed border-slate-300 p-3"
      >
        <summary className="cursor-pointer text-sm font-semibold text-brand-700">{screen.newLabel}</summary>
        {screen.form({ actionData, content })}
      </details>
    </Section>
  )
}

/** With JS, a logo travels through XMLHttpRequest so its progress shows; the other forms go as usual. */
export function clientAction(args: Route.ClientActionArgs) {
  return uploadClientAction(args, pagePath('/admin/contenido/subida'))
}

export default function ContentPage({ loaderData: content, actionData }: Route.ComponentProps) {
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
            {content.statistics.map((s) => (
              <li key={s.id} id={`statistics-${s.id}`} className="rounded-lg border border-slate-200 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <strong className="text-slate-900">{s.title}</strong>
                  <ItemControls list="statistics" id={s.id} label={s.title} deletable={false} />
                </div>
                <TextItemForm list="statistics" item={s} actionData={actionData} content={content} />
              </li>
            ))}
          </ul>
        </Section>

        <ListSection list="faqs" content={content} actionData={actionData} />
        <ListSection list="testimonials" content={content} actionData={actionData} />
        <ListSection list="logos" content={content} actionData={actionData} />
      </div>
    </>
  )
}
