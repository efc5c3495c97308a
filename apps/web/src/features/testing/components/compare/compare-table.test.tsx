import { describe, expect, test } from 'bun:test'
import { renderToStaticMarkup } from 'react-dom/server'

import { CompareTable } from '@/features/testing/components/compare/compare-table'
import { compareRows } from '@/features/testing/runs/compare'
import { runA, runB } from '@/features/testing/runs/run-fixtures'

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

describe('the compare table', () => {
  const html = renderToStaticMarkup(<CompareTable rows={compareRows(runA, runB)} labelA="A: v1" labelB="B: v2" />)
  const rows = html.match(/<tr[^>]*>.*?<\/tr>/g)!.slice(1)
  const rowOf = (name: string) => rows.find((row) => row.includes(`>${name}</th>`))!

  test('marks only the significant case, with its p-value; the others say no significant change', () => {
    expect(rows.filter((row) => row.includes('data-significant="true"')).map((row) => text(row).split(' ')[0])).toEqual(['Greets'])
    expect(text(rowOf('Greets by name'))).toBe('Greets by name 10 of 10 passed 1 of 10 passed ▼ Worse (p = 0.004) 6 → 8')
    expect(text(rowOf('Asks about mood'))).toBe('Asks about mood 2 of 3 passed 3 of 3 passed No significant change 6 → 6')
    expect(text(rowOf('Closes politely'))).toContain('No significant change')
  })

  test('the phone layout marks the same single case', () => {
    const cards = html.match(/<li[^>]*>.*?<\/li>/g)!
    expect(cards.filter((card) => card.includes('data-significant="true"')).map((card) => text(card))).toEqual([
      'Greets by name A: v1: 10 of 10 passed · B: v2: 1 of 10 passed ▼ Worse (p = 0.004) Median turns 6 → 8',
    ])
  })

  test('names the table and both runs', () => {
    expect(html).toContain('aria-label="Pass rates by case"')
    expect(text(html)).toContain('A: v1 B: v2')
  })
})
