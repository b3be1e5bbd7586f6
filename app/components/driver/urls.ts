/** Web paths of the driver area and how service URLs map onto them. */
export const DASHBOARD = '/user/dashboard'
export const HOME_PATH = `${DASHBOARD}/home`
/** «Documentos»: the checklist of the home (its own section, `#documentos`), not a page of its own. */
export const DOCUMENTS_ANCHOR = 'documentos'
export const DOCUMENTS_PATH = `${HOME_PATH}#${DOCUMENTS_ANCHOR}`
export const PROFILE_PATH = `${DASHBOARD}/settings`
export const BANK_PATH = `${DASHBOARD}/settings/banco-detalles`
export const SECURITY_PATH = `${DASHBOARD}/settings/seguridad`
/** «Mis datos» (Ley 21.719, decision 75); its pages (pausar, eliminar, accesos) sit below it. */
export const MY_DATA_PATH = `${DASHBOARD}/settings/mis-datos`
/** «Quién vio mis datos» (decision 78); «Mis datos» links to it. */
export const DATA_VIEWS_PATH = `${DASHBOARD}/settings/mis-datos/accesos`
export const DEFAULT_AVATAR = '/images/default-avatar.svg'

/**
 * The service keeps private files at /users/files/:id and /users/profile-image/:id (auth-user).
 * A browser cannot send that header, so the pages use web routes that add it from the session.
 */
export function documentFileUrl(urlFile: string | null | undefined): string | null {
  const m = /^\/users\/files\/(\d+)$/.exec(urlFile ?? '') ?? /^\/user\/dashboard\/archivos\/(\d+)$/.exec(urlFile ?? '')
  return m ? `${DASHBOARD}/archivos/${m[1]}` : null
}

export function avatarUrl(imgProfile: string | null | undefined): string {
  if (!imgProfile) return DEFAULT_AVATAR
  const m = /^\/users\/profile-image\/(\d+)$/.exec(imgProfile)
  if (m) return `${DASHBOARD}/foto/${m[1]}`
  // Only our own paths: a stored absolute URL elsewhere would leak the visit.
  return imgProfile.startsWith('/') && !imgProfile.startsWith('//') ? imgProfile : DEFAULT_AVATAR
}
