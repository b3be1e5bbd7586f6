/**
 * Deleting, pausing and opting out of an account (Ley 21.719: supresión, bloqueo, oposición;
 * decision 76). The periods and what the deletion pages say are kept here, read by the services,
 * the pages and the tests alike.
 */

/** A requested deletion waits this long; logging in before then cancels it. */
export const DELETION_GRACE_DAYS = 14

/** An account without a login for this long is warned by mail… */
export const INACTIVITY_DAYS = 730
/** …and, without a login in the following days, deleted through the same path. */
export const INACTIVITY_NOTICE_DAYS = 30

/** The anonymised account: what its row says once the deletion has run. */
export const CLOSED_ACCOUNT_NAME = 'Cuenta eliminada'
export const closedAccountEmail = (id: number) => `eliminado-${id}@fleeters.invalid`

/** What the deletion removes, keeps and why, as the «Eliminar mi cuenta» pages list it. */
export const DELETION_SUMMARY = {
  User: {
    removed: [
      'Tu nombre, RUT, correo, celular, dirección, «Sobre mí», comuna y vehículo.',
      'Tus documentos y sus archivos, tu foto de perfil, tu experiencia laboral y tus datos bancarios.',
      'Tus postulaciones y publicaciones guardadas: las empresas dejan de verlas.',
      'Los poderes simples que emitiste, con los datos y la cédula del dueño del vehículo.',
      'Tus sesiones, códigos, enlaces y los correos pendientes o enviados a tu dirección.',
    ],
  },
  business: {
    removed: [
      'El nombre, RUT, correo, teléfono, contacto y logo de la empresa, y el nombre de la cuenta.',
      'Tus publicaciones, con las postulaciones y guardados que recibieron.',
      'Tus sesiones, códigos, enlaces y los correos pendientes o enviados a tu dirección.',
    ],
  },
  kept: [
    'El registro de tus solicitudes de derechos (qué pediste, cuándo y cómo respondimos): la ley nos pide ' +
      'poder demostrar que las atendimos. Queda unido a una cuenta sin nombre ni correo.',
    'Qué versión de los términos y de la política de privacidad aceptaste y cuándo, sin tu dirección IP: ' +
      'es la prueba del consentimiento con que tratamos tus datos mientras tuviste la cuenta.',
    'El registro de auditoría del equipo Fleeters (qué revisó quién y cuándo), que ' +
      'nombra tu cuenta solo por su número.',
  ],
} as const
