import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { QUEUE_COUNT_CAP } from '#domain/review-queue'
import { QueueCounts, queueCountWords } from './queue-counts'

/** The tiles' text as a person reads it, and as a screen reader does. */
function tiles(counts: { late: number; due_today: number; on_time: number }, capped: boolean) {
  const element = createElement(QueueCounts, { counts, capped, href: (due) => `/admin/documentos?due=${due}` })
  const router = createMemoryRouter([{ path: '/', element }])
  const html = renderToStaticMarkup(createElement(RouterProvider, { router }))
  const shown = html.replace(/<span class="sr-only">.*?<\/span>/g, '').replace(/<[^>]+>/g, ' ')
  const heard = html.replace(/<span aria-hidden="true">.*?<\/span>/g, '').replace(/<[^>]+>/g, ' ')
  const words = (text: string) => text.replace(/\s+/g, ' ').trim()
  return { shown: words(shown), heard: words(heard) }
}

describe("the queue's figures past a driver filter's cap (decision 117)", () => {
  const over = QUEUE_COUNT_CAP + 1

  it('reads «más de 1.000» only for a capped count past the cap', () => {
    expect(queueCountWords(over, true)).toBe('más de 1.000')
    expect(queueCountWords(QUEUE_COUNT_CAP, true)).toBe('1.000')
    // The queue's counters are exact: 20.002 is 20.002.
    expect(queueCountWords(20_002, false)).toBe('20.002')
    expect(queueCountWords(over, false)).toBe('1.001')
  })

  it('shows «+1.000» on a tile and says «más de 1.000» to a screen reader', () => {
    expect(tiles({ late: over, due_today: 3, on_time: 0 }, true)).toEqual({
      shown: '+1.000 Atrasados 3 Vencen hoy 0 A tiempo',
      heard: 'más de 1.000 Atrasados 3 Vencen hoy 0 A tiempo',
    })
    expect(tiles({ late: 20_002, due_today: 1_500, on_time: 0 }, false).shown).toBe(
      '20.002 Atrasados 1.500 Vencen hoy 0 A tiempo',
    )
  })
})
