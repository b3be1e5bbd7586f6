import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { Form, Link, useLocation } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { JsMarker } from '#app/components/js-marker'
import { useLazyValidation } from '#app/components/lazy-validation'
import { Alert } from '#app/components/ui/alert'
import { buttonClass, SubmitButton } from '#app/components/ui/button'
import { CheckboxField, InputField, SelectField, TextAreaField } from '#app/components/ui/field'
import { CancelLink, ConfirmDeleteModal, Modal } from '#app/components/ui/modal'
import type { Experience } from '#domain/contract/users'
import { formatDate } from '#domain/format'
import { EMPLOYMENT_TYPES } from '#domain/reference-data/employment'
import type { ExperienceValues } from '#domain/validation/experience'
import { Icon } from './icons'
import type { FormFeedback } from './profile'
import { PROFILE_PATH, withParams } from './urls'

const loadSchema = () => import('#domain/validation/experience').then((m) => m.experienceSchema)

export type ExperienceView = Experience

/** Spec §2: the experience list, its add button and the edit/delete toggle (URL state ?gestionar=1). */
export function ExperienceSection({ experiences, managing }: { experiences: ExperienceView[]; managing: boolean }) {
  const { search } = useLocation()
  const href = (params: Record<string, string | number | null>) => withParams(PROFILE_PATH, search, params)
  return (
    <section aria-labelledby="experiencia" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="experiencia" className="text-lg font-semibold text-slate-900">
          Experiencia profesional
        </h2>
        <div className="flex flex-wrap gap-2">
          {experiences.length ? (
            <Link
              to={href({ gestionar: managing ? null : 1, modal: null, id: null })}
              preventScrollReset
              aria-pressed={managing}
              className={buttonClass('secondary', 'px-3 py-1.5 text-sm')}
            >
              {managing ? 'Listo' : 'Editar experiencias'}
            </Link>
          ) : null}
          <Link to={href({ modal: 'experiencia', id: null })} preventScrollReset className={buttonClass('primary', 'gap-1.5 px-3 py-1.5 text-sm')}>
            <Icon name="plus" className="h-4 w-4" />
            Agregar experiencia
          </Link>
        </div>
      </div>
      {experiences.length === 0 ? (
        <p className="mt-4 text-slate-700">Aún no has agregado experiencia profesional.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {experiences.map((e) => (
            <li key={e.id_ew} className="py-4 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h3 className="font-semibold break-words text-slate-900">{e.job_title}</h3>
                  <p className="text-sm break-words text-slate-700">
                    {e.company_name} · {e.type_employment} · {e.location}
                  </p>
                  <p className="text-sm text-slate-600">
                    {formatDate(e.start_date, 'numeric')} – {e.end_date ? formatDate(e.end_date, 'numeric') : 'Actualidad'} ({e.duration})
                  </p>
                </div>
                {managing ? (
                  <div className="flex gap-2">
                    <Link
                      to={href({ modal: 'editar-experiencia', id: e.id_ew })}
                      preventScrollReset
                      aria-label={`Editar ${e.job_title}`}
                      className="rounded-md border border-brand-700 px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                    >
                      Editar
                    </Link>
                    <Link
                      to={href({ modal: 'eliminar-experiencia', id: e.id_ew })}
                      preventScrollReset
                      aria-label={`Eliminar ${e.job_title}`}
                      className="rounded-md border border-red-700 px-3 py-1 text-sm font-semibold text-red-700 hover:bg-red-50"
                    >
                      Eliminar
                    </Link>
                  </div>
                ) : null}
              </div>
              <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-800">{e.job_description}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Create and update modals (spec §5 "Experience"): the same fields, prefilled when editing. */
export function ExperienceModal({ experience, closeTo, feedback }: { experience: ExperienceView | null; closeTo: string; feedback?: FormFeedback }) {
  const editing = experience !== null
  const hydrated = useHydrated()
  const { onValidate, ...loadOn } = useLazyValidation<ExperienceValues>(loadSchema)
  const [form, fields] = useForm({
    id: editing ? `experiencia-${experience.id_ew}` : 'experiencia-nueva',
    lastResult: feedback?.result,
    defaultValue: experience
      ? {
          job_title: experience.job_title,
          nameBusiness: experience.company_name,
          typeEmployment: experience.type_employment,
          location: experience.location,
          start_date: experience.start_date,
          end_date: experience.end_date ?? '',
          current_job: experience.end_date === null,
          job_description: experience.job_description,
        }
      : undefined,
    onValidate,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  // Conform follows the checkbox as it changes (its value is 'on' while checked).
  const currentJob = fields.current_job.value === 'on'
  return (
    <Modal title={editing ? 'Editar experiencia' : 'Agregar experiencia'} closeTo={closeTo} wide>
      <Form method="post" {...getFormProps(form)} {...loadOn} noValidate className="grid gap-4 sm:grid-cols-2">
        <JsMarker />
        <input type="hidden" name="intent" value={editing ? 'update-experience' : 'create-experience'} />
        {editing ? <input type="hidden" name="id" value={experience.id_ew} /> : null}
        <div className="sm:col-span-2">
          <Alert tone="error" messages={form.errors} id="experiencia-error" stamp={feedback?.stamp} durationMs={4000} />
          <Alert tone="info" messages={feedback?.notice ? [feedback.notice] : null} stamp={feedback?.stamp} durationMs={4000} />
        </div>
        <InputField label="Cargo" inputProps={{ ...getInputProps(fields.job_title, { type: 'text' }), autoFocus: true }} errors={fields.job_title.errors} />
        <InputField label="Nombre de la empresa" inputProps={getInputProps(fields.nameBusiness, { type: 'text' })} errors={fields.nameBusiness.errors} />
        <SelectField label="Tipo de empleo" selectProps={getSelectProps(fields.typeEmployment)} options={EMPLOYMENT_TYPES} errors={fields.typeEmployment.errors} />
        <InputField label="Ubicación" inputProps={getInputProps(fields.location, { type: 'text' })} errors={fields.location.errors} />
        <CheckboxField className="sm:col-span-2" label="Trabajo actual" inputProps={getInputProps(fields.current_job, { type: 'checkbox' })} errors={fields.current_job.errors} />
        <InputField label="Fecha de inicio" inputProps={getInputProps(fields.start_date, { type: 'date' })} errors={fields.start_date.errors} />
        <InputField
          label="Fecha de término"
          hint={currentJob ? 'No aplica: es tu trabajo actual.' : 'Déjala vacía si marcas «Trabajo actual».'}
          // With JS a current job's end date is disabled (not sent); without JS it is ignored.
          inputProps={{ ...getInputProps(fields.end_date, { type: 'date' }), disabled: hydrated && currentJob }}
          errors={currentJob ? null : fields.end_date.errors}
        />
        <TextAreaField
          className="sm:col-span-2"
          label="Descripción del trabajo"
          hint="Hasta 1300 caracteres."
          textareaProps={getTextareaProps(fields.job_description)}
          errors={fields.job_description.errors}
        />
        <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
          <CancelLink to={closeTo} />
          <SubmitButton pendingText="Guardando…">{editing ? 'Guardar cambios' : 'Agregar experiencia'}</SubmitButton>
        </div>
      </Form>
    </Modal>
  )
}

export function DeleteExperienceModal({ experience, closeTo, feedback }: { experience: ExperienceView; closeTo: string; feedback?: FormFeedback }) {
  return (
    <ConfirmDeleteModal title="Eliminar experiencia" closeTo={closeTo} intent="delete-experience" id={experience.id_ew} feedback={feedback}>
      ¿Seguro que quieres eliminar la experiencia <strong>{experience.job_title}</strong> en {experience.company_name}? Esta acción no se puede deshacer.
    </ConfirmDeleteModal>
  )
}
