import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { Form } from 'react-router'
import { JsMarker } from '#app/components/js-marker'
import { useLazyValidation } from '#app/components/lazy-validation'
import { PlaceFields, type PlaceChoice } from '#app/components/marketplace/place-fields'
import { Alert } from '#app/components/ui/alert'
import { buttonClass, CancelLink, SubmitButton } from '#app/components/ui/button'
import { InputField, SelectField, TextAreaField } from '#app/components/ui/field'
import { formatPhone } from '#domain/format'
import { vehicles } from '#domain/reference-data/vehicles'
import type { ProfileValues } from '#domain/validation/profile'
import type { ProfileReply, ProfileData } from './profile'

const loadProfileSchema = () => import('#domain/validation/profile').then((m) => m.profileSchema)

const VEHICLE_OPTIONS = vehicles.map((v) => ({ value: v.id_vehicle, label: v.name_vehicle }))

/**
 * The settings form (spec §5 "Profile"), with the optional vehicle type and zone → region →
 * commune. Without JS, «Actualizar» brings the next place list with what was typed.
 */
export function ProfileForm({
  profile,
  placeChoice,
  feedback,
  cancelTo,
}: {
  profile: ProfileData
  placeChoice: { places: PlaceChoice; commune: string }
  feedback?: ProfileReply
  cancelTo: string
}) {
  const { onValidate, ...loadOn } = useLazyValidation<ProfileValues>(loadProfileSchema)
  const draft = feedback?.draft
  const places = feedback?.places ?? placeChoice.places
  const commune = feedback?.places ? (feedback.commune ?? '') : placeChoice.commune
  const [form, fields] = useForm({
    id: 'perfil',
    lastResult: feedback?.result,
    defaultValue: draft ?? {
      firstname: profile.firstname,
      lastname: profile.lastname,
      address: profile.address ?? '',
      about_me: profile.about_me ?? '',
      phone: formatPhone(profile.phone),
      id_vehicle: profile.id_vehicle === null ? '' : String(profile.id_vehicle),
    },
    onValidate,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" {...getFormProps(form)} {...loadOn} noValidate className="grid gap-4 sm:grid-cols-2">
      {/* Enter saves; «Actualizar» (no JS) is only pressed on purpose. */}
      <button type="submit" name="intent" value="profile" hidden tabIndex={-1} aria-hidden="true" />
      <JsMarker />
      <div className="sm:col-span-2">
        <Alert tone="error" messages={form.errors} id="perfil-error" replyId={feedback?.id} durationMs={4000} />
        <Alert
          tone="info"
          messages={feedback?.notice ? [feedback.notice] : null}
          replyId={feedback?.id}
          durationMs={4000}
        />
      </div>
      <InputField
        label="Nombre"
        inputProps={{ ...getInputProps(fields.firstname, { type: 'text' }), autoComplete: 'given-name' }}
        errors={fields.firstname.errors}
      />
      <InputField
        label="Apellido"
        inputProps={{ ...getInputProps(fields.lastname, { type: 'text' }), autoComplete: 'family-name' }}
        errors={fields.lastname.errors}
      />
      <InputField
        label="Dirección"
        inputProps={{ ...getInputProps(fields.address, { type: 'text' }), autoComplete: 'street-address' }}
        errors={fields.address.errors}
      />
      <InputField
        label="Teléfono"
        hint="Celular chileno, por ejemplo +56 9 8765 4321."
        inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), inputMode: 'tel', autoComplete: 'tel' }}
        errors={fields.phone.errors}
      />
      <SelectField
        label="Tipo de vehículo"
        hint="Opcional: te mostramos publicaciones para tu vehículo."
        selectProps={getSelectProps(fields.id_vehicle)}
        options={VEHICLE_OPTIONS}
        placeholder="Sin indicar"
        errors={fields.id_vehicle.errors}
      />
      <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">Tu comuna (opcional)</legend>
        <PlaceFields
          places={places}
          commune={commune}
          idPrefix="perfil"
          errors={{ id_region: fields.id_region.errors, id_commune: fields.id_commune.errors }}
          update={
            <div className="sm:col-span-3">
              <button
                type="submit"
                name="intent"
                value="profile-places"
                formNoValidate
                className={buttonClass('secondary')}
              >
                Actualizar
              </button>
              <p className="mt-1 text-sm text-slate-600">
                Elige la zona o la región y presiona «Actualizar» para ver la siguiente lista.
              </p>
            </div>
          }
        />
      </fieldset>
      <TextAreaField
        className="sm:col-span-2"
        label="Sobre mí"
        hint="Hasta 500 caracteres."
        textareaProps={getTextareaProps(fields.about_me)}
        errors={fields.about_me.errors}
      />
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <SubmitButton name="intent" value="profile" pendingText="Guardando…">
          Guardar cambios
        </SubmitButton>
        <CancelLink to={cancelTo} />
      </div>
    </Form>
  )
}
