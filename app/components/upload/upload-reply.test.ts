import type { data } from 'react-router'
import { describe, expect, it } from 'vitest'
import { fromUploadReply, uploadUrl } from './upload-reply'

describe('uploadUrl', () => {
  it("is the upload route with the page's query", () => {
    expect(
      uploadUrl('http://localhost/user/dashboard/home?name=soap_frontal&siguiente=1', '/user/dashboard/home/subida'),
    ).toBe('http://localhost/user/dashboard/home/subida?name=soap_frontal&siguiente=1')
    expect(uploadUrl('http://localhost/crear-poder-simple?power=a.b', '/crear-poder-simple/subida')).toBe(
      'http://localhost/crear-poder-simple/subida?power=a.b',
    )
  })

  it("leaves out React Router's ?index of a post to an index route", () => {
    expect(uploadUrl('http://localhost/user/dashboard/settings?index', '/user/dashboard/settings/subida')).toBe(
      'http://localhost/user/dashboard/settings/subida',
    )
    expect(
      uploadUrl('http://localhost/user/dashboard/settings?modal=foto&index', '/user/dashboard/settings/subida'),
    ).toBe('http://localhost/user/dashboard/settings/subida?modal=foto')
  })
})

describe('fromUploadReply', () => {
  const type = 'application/json; charset=utf-8'

  it('gives the reply with the status it came with', () => {
    const reply = fromUploadReply({ status: 400, marked: true, type, text: '{"data":{"errors":["Falta"]}}' })
    expect((reply as ReturnType<typeof data>).data).toEqual({ errors: ['Falta'] })
    expect((reply as ReturnType<typeof data>).init?.status).toBe(400)
  })

  it('gives a redirect for a named one', () => {
    const reply = fromUploadReply({
      status: 200,
      marked: true,
      type,
      text: '{"redirect":"/admin/contenido","status":302}',
    })
    expect(reply).toBeInstanceOf(Response)
    expect([(reply as Response).status, (reply as Response).headers.get('Location')]).toEqual([302, '/admin/contenido'])
  })

  it("throws the web tier's answer (413, 503) as the Response it was", async () => {
    const html = '<h1>La solicitud es demasiado grande</h1>'
    const thrown = (() => {
      try {
        fromUploadReply({ status: 413, marked: false, type: 'text/html; charset=utf-8', text: html })
      } catch (error) {
        return error
      }
    })()
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(413)
    expect((thrown as Response).headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(await (thrown as Response).text()).toBe(html)
    expect(() => fromUploadReply({ status: 503, marked: false, type: null, text: '' })).toThrow(Response)
  })
})
