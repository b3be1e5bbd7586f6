import { data, redirect } from 'react-router'

/**
 * What an upload route answers XMLHttpRequest (transfer.tsx sends, app/.server/upload-reply.ts
 * answers): the page's action runs there and its answer comes back as JSON, marked by a header so
 * that an answer of the web tier (413 for an oversized body, 503) is told apart. A reply travels
 * with its own status; a redirect is not followed (XMLHttpRequest would follow it silently) but
 * named, with the cookies its response set.
 */
export const UPLOAD_REPLY_HEADER = 'X-Upload-Reply'

export type UploadReply = { data: unknown } | { redirect: string; status: number }

/**
 * Where the upload of the page at `pageUrl` goes: the upload route `uploadPath`, with the page's
 * query (the action reads it as the page's). React Router's `?index` (a post to an index route)
 * is left out: the upload route is not one.
 */
export function uploadUrl(pageUrl: string, uploadPath: string): string {
  const page = new URL(pageUrl)
  const url = new URL(uploadPath, page)
  url.search = page.search
  if (url.searchParams.get('index') === '') url.searchParams.delete('index')
  return url.toString()
}

/**
 * The client action's result from the upload route's answer: the reply as `data()` with its status,
 * or its redirect. Anything else (the web tier answered first, or the action failed) is thrown as
 * the Response it was, its type kept (a JSON `{ message }` is read as such), for the page's error
 * boundary.
 */
export function fromUploadReply<T>(answer: { status: number; marked: boolean; type: string | null; text: string }) {
  if (!answer.marked) {
    const headers = answer.type ? { 'Content-Type': answer.type } : undefined
    throw new Response(answer.text, { status: answer.status >= 400 ? answer.status : 500, headers })
  }
  const reply = JSON.parse(answer.text) as UploadReply
  if ('redirect' in reply) return redirect(reply.redirect, reply.status)
  return data(reply.data as T, { status: answer.status })
}
