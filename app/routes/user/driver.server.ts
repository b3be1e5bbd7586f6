import type { AppLoadContext } from 'react-router'
import { requireSession } from '#app/.server/auth'
import { fetchDriverFile } from '#app/.server/backend/driver-area'
import { privateFileResponse } from '#app/.server/responses'

/** Streams a private file of the service to its owner (see files.$id.ts, photo.$id.ts). */
export async function proxyPrivateFile(request: Request, context: AppLoadContext, path: string, id: string) {
  const session = await requireSession(request, context, 'User')
  if (!/^\d{1,12}$/.test(id)) return new Response('No encontrado', { status: 404 })
  return privateFileResponse(await fetchDriverFile(context, session.token, path))
}
