import { readFileSync } from 'node:fs'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { Alert } from './alert'
import { buttonClass, SubmitButton } from './button'
import { cn } from './cn'
import { CheckboxField, FileField, InputField, SelectField } from './field'

describe('cn: a caller refines the kit', () => {
  it.each([
    ['px-4 py-2', 'px-6 py-3', 'px-6 py-3'],
    ['p-4', 'px-2', 'p-4 px-2'],
    ['px-4', 'p-2', 'p-2'],
    ['text-sm text-slate-700', 'text-base', 'text-slate-700 text-base'],
    ['text-slate-700', 'text-brand-700', 'text-brand-700'],
    ['bg-brand-700 hover:bg-brand-900', 'bg-red-700 hover:bg-red-900', 'bg-red-700 hover:bg-red-900'],
    ['border border-slate-400', 'border-2 border-brand-700', 'border-2 border-brand-700'],
    ['border-l-4 border-red-700', 'border-green-700', 'border-l-4 border-green-700'],
    ['inline-flex min-h-11', 'block', 'min-h-11 block'],
    ['rounded-md', 'rounded-full', 'rounded-full'],
    ['w-full sm:w-auto', 'w-auto', 'sm:w-auto w-auto'],
  ])('%s + %s = %s', (base, extra, expected) => {
    expect(cn(base, extra)).toBe(expected)
  })
  it('keeps what it does not know and drops falsy parts', () => {
    expect(cn('animate-spin', false, null, undefined, { 'sr-only': true, hidden: false })).toBe('animate-spin sr-only')
  })
})

describe('the kit gives every control a 44 px target', () => {
  it('buttons, links-as-buttons and text controls carry min-h-11', () => {
    expect(buttonClass('secondary', 'px-2 py-1 text-xs')).toBe('btn btn-secondary px-2 py-1 text-xs')
    // The button classes live in the components layer: a caller's utilities refine them, and
    // nothing a caller passes removes the 44 px minimum.
    const css = readFileSync(new URL('../../app.css', import.meta.url), 'utf8')
    const btn = /\.btn \{\s*@apply ([^;]*);/.exec(css)?.[1].split(' ') ?? []
    expect(btn).toEqual(expect.arrayContaining(['min-h-11', 'min-w-11']))
    expect(css.indexOf('@layer components')).toBeLessThan(css.indexOf('.btn {'))
    const html = renderToStaticMarkup(
      createElement('div', null, [
        createElement(InputField, { key: 'a', label: 'Nombre', inputProps: { name: 'name' } }),
        createElement(SelectField, { key: 'b', label: 'Banco', selectProps: { name: 'bank' }, options: ['Uno'] }),
        createElement(CheckboxField, { key: 'c', label: 'Acepto', inputProps: { name: 'terms' } }),
      ]),
    )
    expect(html.match(/min-h-11/g)?.length).toBe(3)
  })
})

describe('fields are read with their hint and errors', () => {
  it('wires aria-describedby and aria-invalid to the hint and the error list', () => {
    const html = renderToStaticMarkup(
      createElement(InputField, {
        label: 'RUT',
        hint: 'Sin puntos',
        errors: ['RUT inválido'],
        inputProps: { name: 'rut', id: 'rut' },
      }),
    )
    expect(html).toContain('aria-describedby="rut-hint rut-error"')
    expect(html).toContain('aria-invalid="true"')
    expect(html).toContain('<ul id="rut-error"')
    expect(html).toContain('<label for="rut"')
  })
  it('a file field names its limit and a form alert that shows its error', () => {
    const html = renderToStaticMarkup(
      createElement(FileField, {
        label: 'Archivo',
        limit: 'PDF de hasta 5 MB',
        invalid: true,
        inputProps: { name: 'f', id: 'f', 'aria-describedby': 'upload-error' },
      }),
    )
    expect(html).toContain('type="file"')
    expect(html).toContain('aria-describedby="f-limite upload-error"')
    expect(html).toContain('<p id="f-limite"')
    expect(html).toContain('aria-invalid="true"')
  })
})

describe('Alert', () => {
  it('is nothing without messages, an alert for errors, a status otherwise, a list for several', () => {
    expect(renderToStaticMarkup(createElement(Alert, { tone: 'error', messages: [] }))).toBe('')
    expect(renderToStaticMarkup(createElement(Alert, { tone: 'error', messages: ['Falta el RUT'] }))).toMatch(
      /^<div[^>]*role="alert"[^>]*>Falta el RUT<\/div>$/,
    )
    expect(renderToStaticMarkup(createElement(Alert, { tone: 'success', messages: ['Guardado'] }))).toContain(
      'role="status"',
    )
    expect(renderToStaticMarkup(createElement(Alert, { tone: 'error', messages: ['Uno', 'Dos'] }))).toContain(
      '<li>Uno</li><li>Dos</li>',
    )
  })
  it('the answer to the reader’s own submit takes the focus', () => {
    expect(
      renderToStaticMarkup(createElement(Alert, { tone: 'success', messages: ['Enviado'], focus: true })),
    ).toContain('autofocus')
    expect(renderToStaticMarkup(createElement(Alert, { tone: 'success', messages: ['Enviado'] }))).not.toContain(
      'autofocus',
    )
  })
})

describe('SubmitButton', () => {
  function render(element: React.ReactElement) {
    const router = createMemoryRouter([{ path: '/', element }])
    return renderToStaticMarkup(createElement(RouterProvider, { router }))
  }
  it('is a submit button that keeps its name, value and formAction', () => {
    const html = render(
      createElement(SubmitButton, { name: 'intent', value: 'delete', formAction: '/x', children: 'Eliminar' }),
    )
    expect(html).toContain('type="submit"')
    expect(html).toContain('name="intent"')
    expect(html).toContain('value="delete"')
    expect(html).toContain('formAction="/x"')
    expect(html).not.toContain('aria-busy')
  })
  it('shows its loader while a fetcher it is given submits, and only for its own name and value', () => {
    const formData = new FormData()
    formData.set('intent', 'save')
    const fetcher = { state: 'submitting' as const, formData, formAction: '/' }
    expect(
      render(
        createElement(SubmitButton, {
          fetcher,
          name: 'intent',
          value: 'save',
          pendingText: 'Guardando…',
          children: 'Guardar',
        }),
      ),
    ).toContain('Guardando…')
    expect(
      render(
        createElement(SubmitButton, {
          fetcher,
          name: 'intent',
          value: 'apply',
          pendingText: 'Guardando…',
          children: 'Postular',
        }),
      ),
    ).not.toContain('Guardando…')
    expect(
      render(
        createElement(SubmitButton, {
          fetcher: { state: 'idle' as const },
          pendingText: 'Guardando…',
          children: 'Guardar',
        }),
      ),
    ).not.toContain('Guardando…')
  })
})
