import { createElement, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { Link, MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { isCurrentPath } from '../driver/current-path'
import { ServerLink } from './app-link'

describe('app links (decision 68)', () => {
  it('the server writes what <Link> writes for the same page, so the browser hydrates it as one', () => {
    const html = (element: ReactElement) =>
      renderToStaticMarkup(createElement(MemoryRouter, { initialEntries: ['/user/dashboard/home'] }, element))
    for (const to of [
      '/user/dashboard/job-postings',
      '/user/dashboard/home?name=licencia_frente&title=Licencia%20de%20conducir',
      '/',
    ]) {
      const props = {
        to,
        className: 'flex min-h-11',
        'aria-label': 'Añadir documento: Licencia',
        'aria-current': 'page' as const,
      }
      const ours = html(createElement(ServerLink, { ...props, preventScrollReset: true }, 'Añadir'))
      expect(ours).toBe(html(createElement(Link, { ...props, preventScrollReset: true }, 'Añadir')))
      expect(ours).toContain(`href="${to.replace(/&/g, '&amp;')}"`)
    }
  })

  it('marks the current page as NavLink does: the path or below it, unless `end`', () => {
    expect(isCurrentPath('/user/dashboard/job-postings', '/user/dashboard/job-postings')).toBe(true)
    expect(isCurrentPath('/user/dashboard/job-postings/guardadas', '/user/dashboard/job-postings')).toBe(true)
    expect(isCurrentPath('/user/dashboard/job-postings-x', '/user/dashboard/job-postings')).toBe(false)
    expect(isCurrentPath('/user/dashboard/settings/seguridad', '/user/dashboard/settings', true)).toBe(false)
    expect(isCurrentPath('/user/dashboard/settings/', '/user/dashboard/settings', true)).toBe(true)
    expect(isCurrentPath('/User/Dashboard/Home', '/user/dashboard/home')).toBe(true)
  })
})
