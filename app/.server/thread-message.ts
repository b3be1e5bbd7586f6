import { withParams } from '#app/paths'
import { positiveId } from '#domain/ids'
import { joinMessage, type BackendResult } from './backend/client'
import type { Tools } from './form-action'
import { fromEnhancedPage } from './forms'
import { redirectWithToast } from './responses'

/**
 * The `mensaje` intent of an application's thread, the same on both sides (the company's applicant
 * card, the driver's «Mis postulaciones»): `send` posts the body to the application; the hydrated
 * page's fetcher gets the answer as data, a plain form goes back to the open thread with a toast.
 */
export function threadMessageIntent(
  request: Request,
  send: (applicationId: number, body: string) => Promise<BackendResult<{ message: string }>>,
) {
  return async ({ formData, reply, fail, failTo }: Tools<object>) => {
    const id = positiveId(formData.get('id_application'))
    const res = id ? await send(id, String(formData.get('body') ?? '')) : null
    const url = new URL(request.url)
    const thread = withParams(url.pathname, url.search, { conversacion: id })
    const enhanced = fromEnhancedPage(formData)
    if (!res?.ok) {
      const refused = res ?? { status: 400 }
      const message = res ? joinMessage(res.message) : 'Postulación inválida'
      return enhanced ? fail(refused, { errors: [message] }) : failTo(refused, thread, { type: 'error', message })
    }
    if (enhanced) return reply({ notice: res.data.message }, res.status)
    return redirectWithToast(thread, { type: 'success', message: res.data.message })
  }
}
