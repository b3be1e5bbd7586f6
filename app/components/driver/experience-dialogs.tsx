import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { Form } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { JsMarker } from '#app/components/js-marker'
import { useLazyValidation } from '#app/components/lazy-validation'
import { Alert } from '#app/components/ui/alert'
import { SubmitButton } from '#app/components/ui/button'
import { CheckboxField, InputField, SelectField, TextAreaField } from '#app/components/ui/field'
import { CancelLink, ConfirmDeleteModal, Modal } from '#app/components/ui/modal'
import { EMPLOYMENT_TYPES } from '#domain/reference-data/employment'
import type { ExperienceValues } from '#domain/validation/experience'
import type { ExperienceView } from './experience'
import type { ProfileReply } from './profile'

const loadSchema = () => import('#domain/validation/experience').then((m) => m.experienceSchema)

/** Create and update modals (spec §5 "Experience"): the same fields, prefilled when editing. */
export function ExperienceModal({
  experience,
  closeTo,
  feedback,
}: {
  experience: ExperienceView | null
  closeTo: string
  feedback?: ProfileReply
}) {
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
          <Alert tone="error" messages={form.errors} id="experiencia-error" replyId={feedback?.id} durationMs={4000} />
          <Alert
            tone="info"
            messages={feedback?.notice ? [feedback.notice] : null}
            replyId={feedback?.id}
            durationMs={4000}
          />
        </div>
        <InputField
          label="Cargo"
          inputProps={{ ...getInputProps(fields.job_title, { type: 'text' }), autoFocus: true }}
          errors={fields.job_title.errors}
        />
        <InputField
          label="Nombre de la empresa"
          inputProps={getInputProps(fields.nameBusiness, { type: 'text' })}
          errors={fields.nameBusiness.errors}
        />
        <SelectField
          label="Tipo de empleo"
          selectProps={getSelectProps(fields.typeEmployment)}
          options={EMPLOYMENT_TYPES}
          errors={fields.typeEmployment.errors}
        />
        <InputField
          label="Ubicación"
          inputProps={getInputProps(fields.location, { type: 'text' })}
          errors={fields.location.errors}
        />
        <CheckboxField
          className="sm:col-span-2"
          label="Trabajo actual"
          inputProps={getInputProps(fields.current_job, { type: 'checkbox' })}
          errors={fields.current_job.errors}
        />
        <InputField
          label="Fecha de inicio"
          inputProps={getInputProps(fields.start_date, { type: 'date' })}
          errors={fields.start_date.errors}
        />
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

export function DeleteExperienceModal({
  experience,
  closeTo,
  feedback,
}: {
  experience: ExperienceView
  closeTo: string
  feedback?: ProfileReply
}) {
  return (
    <ConfirmDeleteModal
      title="Eliminar experiencia"
      closeTo={closeTo}
      intent="delete-experience"
      id={experience.id_ew}
      feedback={feedback}
    >
      ¿Seguro que quieres eliminar la experiencia <strong>{experience.job_title}</strong> en {experience.company_name}?
      Esta acción no se puede deshacer.
    </ConfirmDeleteModal>
  )
}
