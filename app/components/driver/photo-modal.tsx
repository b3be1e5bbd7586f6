import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { Form } from 'react-router'
import { JsMarker } from '#app/components/js-marker'
import { useLazyValidation } from '#app/components/lazy-validation'
import { Alert } from '#app/components/ui/alert'
import { SubmitButton } from '#app/components/ui/button'
import { FileField } from '#app/components/ui/field'
import { CancelLink, Modal } from '#app/components/ui/modal'
import { shrinkPhoto } from '#app/components/upload/shrink-photo'
import { UploadProgress } from '#app/components/upload/transfer'
import { useUploadField } from '#app/components/upload/upload-field'
import { PROFILE_PHOTO_UPLOAD } from '#domain/uploads'
import type { ProfileImageValues } from '#domain/validation/profile-image'
import type { ProfileReply } from './profile'

const loadImageSchema = () => import('#domain/validation/profile-image').then((m) => m.profileImageSchema)

/** Spec §2 profile image modal: file field newProfileImage. */
export function PhotoModal({ closeTo, feedback }: { closeTo: string; feedback?: ProfileReply }) {
  const { onValidate, ...loadOn } = useLazyValidation<ProfileImageValues>(loadImageSchema)
  const upload = useUploadField(PROFILE_PHOTO_UPLOAD, shrinkPhoto)
  const [form, fields] = useForm({
    id: 'foto-perfil',
    lastResult: feedback?.result,
    onValidate,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  return (
    <Modal title="Actualizar imagen de perfil" closeTo={closeTo}>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        {...loadOn}
        noValidate
        className="space-y-4"
      >
        <JsMarker />
        <input type="hidden" name="intent" value="photo" />
        <Alert tone="error" messages={form.errors} id="foto-error" replyId={feedback?.id} durationMs={4000} />
        <FileField
          label="Imagen"
          limit={PROFILE_PHOTO_UPLOAD.limitText}
          note={upload.note}
          inputProps={{
            ...getInputProps(fields.newProfileImage, { type: 'file' }),
            accept: PROFILE_PHOTO_UPLOAD.accept,
            autoFocus: true,
            ...upload.inputProps,
          }}
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
