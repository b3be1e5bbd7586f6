import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from '#app/.server/safe-redirect'
import { findRegion } from '#domain/reference-data/geography'
import { backFromPosting, forYouListPath, homePostingLinks, postingPath, visitorPath } from './posting-links'

const OURS = { signupUrl: '/register', loginUrl: '/login' }

describe('posting links', () => {
  it('sends a signed-in person straight to the posting and the list', () => {
    const links = homePostingLinks(true, OURS)
    expect(links.posting(42)).toBe('/user/dashboard/job-postings/42')
    expect(links.all).toBe('/user/dashboard/job-postings')
  })

  it('sends a visitor to registration carrying a redirectTo the login accepts', () => {
    const links = homePostingLinks(false, OURS)
    const url = new URL(links.posting(42), 'http://x.invalid')
    expect(url.pathname).toBe('/register')
    expect(url.searchParams.get('redirectTo')).toBe(postingPath(42))
    expect(safeRedirectPath(url.searchParams.get('redirectTo'))).toBe('/user/dashboard/job-postings/42')
    expect(links.all).toBe('/register?redirectTo=%2Fuser%2Fdashboard%2Fjob-postings')
  })

  it('falls back to our login, then to an external sign-up, when registration is hosted elsewhere', () => {
    expect(
      visitorPath('/user/dashboard/job-postings?id=7', { signupUrl: 'https://alta.example.cl', loginUrl: '/login' }),
    ).toBe('/login?redirectTo=%2Fuser%2Fdashboard%2Fjob-postings%3Fid%3D7')
    expect(
      visitorPath('/user/dashboard/job-postings', {
        signupUrl: 'https://alta.example.cl',
        loginUrl: 'https://entrar.example.cl',
      }),
    ).toBe('https://alta.example.cl')
  })
})

describe('a posting page and the list it came from', () => {
  it('carries the list with its filters, and not the plain list', () => {
    expect(postingPath(7, '/user/dashboard/job-postings')).toBe('/user/dashboard/job-postings/7')
    const from = '/user/dashboard/job-postings?id_vehicle=1&page=2'
    const path = postingPath(7, from)
    expect(path).toBe(
      '/user/dashboard/job-postings/7?desde=%2Fuser%2Fdashboard%2Fjob-postings%3Fid_vehicle%3D1%26page%3D2',
    )
    expect(backFromPosting(new URL(path, 'http://x.invalid').searchParams.get('desde'))).toEqual({
      to: from,
      label: 'Volver a Ofertas',
    })
    expect(backFromPosting('/user/dashboard/job-postings/postuladas?page=2')).toEqual({
      to: '/user/dashboard/job-postings/postuladas?page=2',
      label: 'Volver a Mis postulaciones',
    })
  })
  it('goes back to the plain list from anything that is not one of the lists', () => {
    const plain = { to: '/user/dashboard/job-postings', label: 'Volver a Ofertas' }
    for (const desde of [null, '', 'https://evil.example/user/dashboard/job-postings', '//evil.example/x', '/admin'])
      expect(backFromPosting(desde)).toEqual(plain)
    expect(backFromPosting('/user/dashboard/job-postings/3')).toEqual(plain)
  })
})

describe('«Ver todas» of «Publicaciones para ti»', () => {
  const zoneOf = (id: number) => findRegion(id)?.zone_id
  it('filters the list by the one vehicle and the one region matched', () => {
    expect(
      forYouListPath({ vehicles: [{ id_vehicle: 1 }], communes: [{ id_region: 13000 }, { id_region: 13000 }] }, zoneOf),
    ).toBe('/user/dashboard/job-postings?id_vehicle=1&id_zone=2&id_region=13000')
  })
  it('leaves out a filter the list cannot express (two vehicles, two regions)', () => {
    expect(
      forYouListPath(
        { vehicles: [{ id_vehicle: 1 }, { id_vehicle: 3 }], communes: [{ id_region: 13000 }, { id_region: 5000 }] },
        zoneOf,
      ),
    ).toBe('/user/dashboard/job-postings')
    expect(forYouListPath({ vehicles: [], communes: [{ id_region: 13000 }] }, zoneOf)).toBe(
      '/user/dashboard/job-postings?id_zone=2&id_region=13000',
    )
  })
})
