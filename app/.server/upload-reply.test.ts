import { data, redirect, type ActionFunctionArgs, type AppLoadContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { fromUploadReply, UPLOAD_REPLY_HEADER } from '#app/components/upload/upload-reply'
import { answerUpload, uploadReplyResponse } from './upload-reply'

const UPLOAD = 'http://localhost/crear-poder-simple/subida?power=abc.def'

function upload(url = UPLOAD): ActionFunctionArgs {
  const body = new FormData()
  body.set('intent', 'foto')
  body.set('foto', new File([new Uint8Array([1, 2, 3])], 'foto.png', { type: 'image/png' }))
  const request = new Request(url, { method: 'POST', body })
  return {
    request,
    url: new URL(url),
    params: {},
    pattern: '/crear-poder-simple/subida',
    context: {} as AppLoadContext,
  }
}

/** What the client action makes of the upload route's answer, as transfer.tsx reads it. */
async function onClient(response: Response) {
  const answer = {
    status: response.status,
    marked: response.headers.has(UPLOAD_REPLY_HEADER),
    type: response.headers.get('Content-Type'),
    text: await response.text(),
  }
  return fromUploadReply(answer)
}

describe('answerUpload', () => {
  it("runs the page's action on the page's URL, with the query and the form as sent", async () => {
    let seen: { url: string; argsUrl: string; intent: unknown; file: unknown } | undefined
    await answerUpload(upload(), '/crear-poder-simple', async ({ request, url }) => {
      const form = await request.formData()
      const file = form.get('foto')
      seen = {
        url: request.url,
        argsUrl: url.href,
        intent: form.get('intent'),
        file: file instanceof File ? [file.name, file.size] : file,
      }
      return null
    })
    expect(seen).toEqual({
      url: 'http://localhost/crear-poder-simple?power=abc.def',
      argsUrl: 'http://localhost/crear-poder-simple?power=abc.def',
      intent: 'foto',
      file: ['foto.png', 3],
    })
  })

  it('answers a reply as JSON with its status, which the client reads back as the same reply', async () => {
    const reply = { intent: 'foto', id: 'x1', errors: ['La imagen debe ser JPG, JPEG o PNG'], result: null }
    const response = await answerUpload(upload(), '/crear-poder-simple', async () => data(reply, { status: 400 }))
    expect(response.status).toBe(400)
    expect(response.headers.get(UPLOAD_REPLY_HEADER)).toBe('1')
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
    const back = (await onClient(response)) as ReturnType<typeof data>
    expect(back.data).toEqual(reply)
    expect(back.init?.status).toBe(400)
  })

  it('names a redirect, returned or thrown by a guard, instead of answering one, and keeps its cookies', async () => {
    const headers = new Headers()
    headers.append('Set-Cookie', '__session=; Max-Age=0')
    headers.append('Set-Cookie', '__fleeters_toast=abc; Path=/')
    for (const action of [
      async () => redirect('/login?redirectTo=%2Fcrear-poder-simple', { headers }),
      async () => {
        throw redirect('/login?redirectTo=%2Fcrear-poder-simple', { headers })
      },
    ]) {
      const response = await answerUpload(upload(), '/crear-poder-simple', action)
      expect(response.status).toBe(200)
      expect(response.headers.get('Location')).toBeNull()
      expect(response.headers.getSetCookie()).toEqual(['__session=; Max-Age=0', '__fleeters_toast=abc; Path=/'])
      const back = (await onClient(response)) as Response
      expect([back.status, back.headers.get('Location')]).toEqual([302, '/login?redirectTo=%2Fcrear-poder-simple'])
    }
  })

  it('throws on what the action throws that is no redirect: the page shows it as an error', async () => {
    const unavailable = new Response(null, { status: 503 })
    await expect(
      answerUpload(upload(), '/crear-poder-simple', async () => {
        throw unavailable
      }),
    ).rejects.toBe(unavailable)
    const boom = new Error('boom')
    await expect(
      answerUpload(upload(), '/crear-poder-simple', async () => {
        throw boom
      }),
    ).rejects.toBe(boom)

    // A thrown reply (the console's «Sin permiso») becomes its Response; the client keeps its JSON.
    const refused = await answerUpload(upload(), '/admin/contenido', async () => {
      throw data({ message: 'Tu rol no permite esta acción.' }, { status: 403 })
    }).catch((thrown: unknown) => thrown)
    expect(refused).toBeInstanceOf(Response)
    const response = refused as Response
    expect(response.headers.has(UPLOAD_REPLY_HEADER)).toBe(false)
    const error = await onClient(response).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(Response)
    expect((error as Response).status).toBe(403)
    expect(await (error as Response).json()).toEqual({ message: 'Tu rol no permite esta acción.' })
  })
})

describe('uploadReplyResponse', () => {
  it('answers a plain value as a reply (200), and passes on any other Response unmarked', async () => {
    const plain = uploadReplyResponse({ done: true })
    expect([plain.status, await plain.json()]).toEqual([200, { data: { done: true } }])
    const file = new Response('contenido', { status: 200 })
    expect(uploadReplyResponse(file)).toBe(file)
  })

  it("names a redirect made with data() and a redirect's status, as React Router follows it", async () => {
    const response = uploadReplyResponse(data(null, { status: 303, headers: { Location: '/admin/contenido' } }))
    expect([response.status, response.headers.get('Location'), await response.json()]).toEqual([
      200,
      null,
      { redirect: '/admin/contenido', status: 303 },
    ])
  })

  it("keeps the headers a reply set (a cookie) and its status (a 413 of the action's own)", async () => {
    const response = uploadReplyResponse(
      data({ errors: ['El archivo no puede ser mayor a 5MB.'] }, { status: 413, headers: { 'Set-Cookie': 'a=1' } }),
    )
    expect([response.status, response.headers.get('Set-Cookie'), response.headers.get(UPLOAD_REPLY_HEADER)]).toEqual([
      413,
      'a=1',
      '1',
    ])
  })
})
