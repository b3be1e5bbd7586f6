import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { InputField } from '#app/components/ui/field'

/**
 * A new password and its repetition (driver and company registration, password reset, the «Seguridad» page): the
 * rule as a hint, `new-password` so a password manager offers to create one.
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  label = 'Contraseña',
  confirmLabel = 'Repite la contraseña',
}: {
  password: FieldMetadata<string>
  confirmPassword: FieldMetadata<string>
  label?: string
  confirmLabel?: string
}) {
  return (
    <>
      <InputField
        label={label}
        hint="Al menos 8 caracteres, con letras y números."
        inputProps={{ ...getInputProps(password, { type: 'password' }), autoComplete: 'new-password' }}
        errors={password.errors}
      />
      <InputField
        label={confirmLabel}
        inputProps={{ ...getInputProps(confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
        errors={confirmPassword.errors}
      />
    </>
  )
}
