import { describe, expect, it } from 'vitest'
import { appLinkNavigation, isCurrentPath } from './app-link'

/** A stand-in for the clicked element: what appLinkNavigation reads of it and of its anchor. */
function anchor(href: string, attrs: Record<string, string> = {}) {
  const all: Record<string, string> = { 'data-app-link': '', ...attrs }
  const a = { href: new URL(href, 'https://fleeters.cl').href, getAttribute: (n: string) => all[n] ?? null, hasAttribute: (n: string) => n in all }
  return { closest: (selector: string) => (selector === 'a[data-app-link]' && 'data-app-link' in all ? a : null) }
}
const click = (target: unknown, extra: Partial<MouseEvent> = {}) =>
  ({ defaultPrevented: false, button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, target, ...extra }) as MouseEvent
const here = { origin: 'https://fleeters.cl', pathname: '/user/dashboard/home', search: '', hash: '' }

describe('app links (decision 68)', () => {
  it('a plain click on an app link navigates in the app, keeping query and hash', () => {
    expect(appLinkNavigation(click(anchor('/user/dashboard/job-postings?region=13#lista')), here)).toEqual({
      to: '/user/dashboard/job-postings?region=13#lista',
      replace: false,
      preventScrollReset: false,
    })
    expect(appLinkNavigation(click(anchor('/user/dashboard/home?name=cedula', { 'data-prevent-scroll-reset': '' })), here)?.preventScrollReset).toBe(true)
  })

  it('the page already shown replaces its history entry, as <Link> does', () => {
    expect(appLinkNavigation(click(anchor('/user/dashboard/home')), here)?.replace).toBe(true)
  })

  it('leaves to the browser: modified or other-button clicks, handled clicks, new windows, downloads, other sites, other anchors', () => {
    const link = anchor('/user/dashboard/job-postings')
    for (const extra of [{ metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }, { defaultPrevented: true }]) {
      expect(appLinkNavigation(click(link, extra), here)).toBeNull()
    }
    expect(appLinkNavigation(click(anchor('/user/dashboard/job-postings', { target: '_blank' })), here)).toBeNull()
    expect(appLinkNavigation(click(anchor('/user/dashboard/job-postings', { target: '_self' })), here)).not.toBeNull()
    expect(appLinkNavigation(click(anchor('/user/dashboard/archivos/3', { download: '' })), here)).toBeNull()
    expect(appLinkNavigation(click(anchor('https://www.sii.cl/')), here)).toBeNull()
    expect(appLinkNavigation(click({ closest: () => null }), here)).toBeNull()
    expect(appLinkNavigation(click(null), here)).toBeNull()
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
