import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { JsMarker } from '#app/components/js-marker'
import { useLazyValidation } from '#app/components/lazy-validation'
import { Alert } from '#app/components/ui/alert'
import { SubmitButton } from '#app/components/ui/button'
import { FileField, InputField, TextAreaField } from '#app/components/ui/field'
import { CancelLink, Modal } from '#app/components/ui/modal'
import { UploadProgress } from '#app/components/upload/transfer'
import { useUploadField } from '#app/components/upload/upload-field'
import { formatPhone } from '#domain/format'
import { PROFILE_PHOTO_UPLOAD } from '#domain/uploads'
import type { ProfileImageValues, ProfileValues } from '#domain/validation/profile'

const loadProfileSchema = () => import('#domain/validation/profile').then((m) => m.profileSchema)
const loadImageSchema = () => import('#domain/validation/profile').then((m) => m.profileImageSchema)

export interface ProfileData {
  firstname: string
  lastname: string
  email: string
  phone: string | null
  address: string | null
  about_me: string | null
}

export interface FormFeedback {
  result?: SubmissionResult<string[]>
  notice?: string
  errors?: string[]
  stamp?: number
}

export interface ActionFeedback extends FormFeedback {
  intent: string
}

/** Read-only "Mis Datos" (spec §2): the phone with a leading +, written «+56 9 XXXX XXXX» (issue 12 item 10). */
export function ProfileDataView({ profile }: { profile: ProfileData }) {
  const rows: Array<[string, string]> = [
    ['Nombre completo', `${profile.firstname} ${profile.lastname}`.trim()],
    ['Correo electrónico', profile.email],
    ['Teléfono', formatPhone(profile.phone) || 'Sin información'],
    ['Dirección', profile.address || 'Sin información'],
    ['Sobre mí', profile.about_me || 'Sin información'],
  ]
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className={label === 'Sobre mí' ? 'sm:col-span-2' : undefined}>
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="mt-0.5 break-words whitespace-pre-line text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The settings form (spec §5 "Profile"). */
export function ProfileForm({ profile, feedback, cancelTo }: { profile: ProfileData; feedback?: FormFeedback; cancelTo: string }) {
  const { onValidate, ...loadOn } = useLazyValidation<ProfileValues>(loadProfileSchema)
  const [form, fields] = useForm({
    id: 'perfil',
    lastResult: feedback?.result,
    defaultValue: {
      firstname: profile.firstname,
      lastname: profile.lastname,
      address: profile.address ?? '',
      about_me: profile.about_me ?? '',
      phone: formatPhone(profile.phone),
    },
    onValidate,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" {...getFormProps(form)} {...loadOn} noValidate className="grid gap-4 sm:grid-cols-2">
      <JsMarker />
      <input type="hidden" name="intent" value="profile" />
      <div className="sm:col-span-2">
        <Alert tone="error" messages={form.errors} id="perfil-error" stamp={feedback?.stamp} durationMs={4000} />
        <Alert tone="info" messages={feedback?.notice ? [feedback.notice] : null} stamp={feedback?.stamp} durationMs={4000} />
      </div>
      <InputField label="Nombre" inputProps={{ ...getInputProps(fields.firstname, { type: 'text' }), autoComplete: 'given-name' }} errors={fields.firstname.errors} />
      <InputField label="Apellido" inputProps={{ ...getInputProps(fields.lastname, { type: 'text' }), autoComplete: 'family-name' }} errors={fields.lastname.errors} />
      <InputField label="Dirección" inputProps={{ ...getInputProps(fields.address, { type: 'text' }), autoComplete: 'street-address' }} errors={fields.address.errors} />
      <InputField
        label="Teléfono"
        hint="Celular chileno, por ejemplo +56 9 8765 4321."
        inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), inputMode: 'tel', autoComplete: 'tel' }}
        errors={fields.phone.errors}
      />
      <TextAreaField className="sm:col-span-2" label="Sobre mí" hint="Hasta 500 caracteres." textareaProps={getTextareaProps(fields.about_me)} errors={fields.about_me.errors} />
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <SubmitButton pendingText="Guardando…">Guardar cambios</SubmitButton>
        <CancelLink to={cancelTo} />
      </div>
    </Form>
  )
}

/** Spec §2 profile image modal: file field newProfileImage. */
export function PhotoModal({ closeTo, feedback }: { closeTo: string; feedback?: FormFeedback }) {
  const { onValidate, ...loadOn } = useLazyValidation<ProfileImageValues>(loadImageSchema)
  const upload = useUploadField(PROFILE_PHOTO_UPLOAD)
  const [form, fields] = useForm({
    id: 'foto-perfil',
    lastResult: feedback?.result,
    onValidate,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  return (
    <Modal title="Actualizar imagen de perfil" closeTo={closeTo}>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} {...loadOn} noValidate className="space-y-4">
        <JsMarker />
        <input type="hidden" name="intent" value="photo" />
        <Alert tone="error" messages={form.errors} id="foto-error" stamp={feedback?.stamp} durationMs={4000} />
        <FileField
          label="Imagen"
          limit={PROFILE_PHOTO_UPLOAD.limitText}
          note={upload.note}
          inputProps={{ ...getInputProps(fields.newProfileImage, { type: 'file' }), accept: PROFILE_PHOTO_UPLOAD.accept, autoFocus: true, ...upload.inputProps }}
          errors={upload.errors ?? fields.newProfileImage.errors}
        />
        <UploadProgress />
        <div className="flex flex-wrap justify-end gap-2">
          <CancelLink to={closeTo} />
          <SubmitButton pendingText="Subiendo…">Subir imagen</SubmitButton>
        </div>
      </Form>
    </Modal>
  )
}
