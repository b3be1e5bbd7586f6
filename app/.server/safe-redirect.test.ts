import { describe, expect, it } from 'vitest'
import { loginUrlFor, returnPathOf, safeRedirectPath } from './safe-redirect'

describe('safeRedirectPath', () => {
  it.each([
    ['/user/dashboard/home', '/user/dashboard/home'],
    ['/user/dashboard/settings/banco-detalles?cuenta=3', '/user/dashboard/settings/banco-detalles?cuenta=3'],
    ['/business/dashboard/publicaciones/12#postulantes', '/business/dashboard/publicaciones/12#postulantes'],
    ['/admin', '/admin'],
    ['/', '/'],
    // Dot segments are resolved, and the result stays on the site.
    ['/a/../../admin', '/admin'],
    // Encoded slashes stay a path (no browser reads %2F%2F as a host).
    ['/%2F%2Fevil.com', '/%2F%2Fevil.com'],
    ['/empresas?q=//x', '/empresas?q=//x'],
    ['/conductores/José', '/conductores/Jos%C3%A9'],
  ])('keeps %j as %j', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected)
  })

  it.each([
    ['//evil.com'],
    ['//evil.com/user/dashboard/home'],
    ['///evil.com'],
    ['/\\evil.com'],
    ['\\\\evil.com'],
    ['/user\\..\\..\\evil'],
    ['https://evil.com'],
    ['https://evil.com/user/dashboard/home'],
    ['http:/evil.com'],
    ['javascript:alert(1)'],
    ['data:text/html,hola'],
    ['evil.com'],
    ['user/dashboard/home'],
    [' /user/dashboard/home'],
    [''],
    ['/\t/evil.com'],
    ['/\n/evil.com'],
    ['/\r\n/evil.com'],
    ['/user/dashboard\u0000'],
    ['/user/dashboard\u007f'],
    ['/user/dashboard\u0085'],
    ['/\u200b/evil.com'],
    ['/\u2028/evil.com'],
    ['/.//evil.com'],
    ['/..//evil.com'],
    [`/${'a'.repeat(2000)}`],
  ])('refuses %j', (input) => {
    expect(safeRedirectPath(input)).toBeNull()
  })

  it('refuses what is not a string', () => {
    for (const value of [null, undefined, 42, ['/admin'], { path: '/admin' }, new File(['/admin'], 'x')])
      expect(safeRedirectPath(value)).toBeNull()
  })

  it('builds the login URL of a path, and plain /login for an unsafe one', () => {
    expect(loginUrlFor('/user/dashboard/settings/seguridad')).toBe(
      '/login?redirectTo=%2Fuser%2Fdashboard%2Fsettings%2Fseguridad',
    )
    expect(loginUrlFor('/business/dashboard?page=2&q=ruta')).toBe(
      '/login?redirectTo=%2Fbusiness%2Fdashboard%3Fpage%3D2%26q%3Druta',
    )
    expect(loginUrlFor('//evil.com')).toBe('/login')
  })

  it("takes a request's path and query without React Router's markers", () => {
    expect(returnPathOf(new Request('http://localhost/user/dashboard/settings?index&editar=1'))).toBe(
      '/user/dashboard/settings?editar=1',
    )
    expect(returnPathOf(new Request('http://localhost/admin?_routes=routes%2Fadmin%2Fhome'))).toBe('/admin')
    expect(returnPathOf(new Request('http://localhost/admin/documentos?slot=licencia'))).toBe(
      '/admin/documentos?slot=licencia',
    )
  })
})
