import { describe, expect, it } from 'vitest'
import { LEAD_OUTPUT_FIELDS } from '../../../../shared/rules/leads'
import { defaultColumns, moved, nextField } from './format-columns'

describe('an output format’s columns', () => {
  it('start with what a dialer needs, headed in the reader’s words', () => {
    expect(defaultColumns((f) => f.toUpperCase()).slice(0, 2)).toEqual([
      { field: 'phone1', header: 'PHONE1' },
      { field: 'phone1Type', header: 'PHONE1TYPE' },
    ])
  })
  it('move up and down within the list', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b'])
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c'])
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c'])
  })
  it('add the first field not yet used', () => {
    expect(nextField([{ field: 'row', header: 'x' }], LEAD_OUTPUT_FIELDS)).toBe('name')
    expect(
      nextField(
        LEAD_OUTPUT_FIELDS.map((field) => ({ field, header: field })),
        LEAD_OUTPUT_FIELDS,
      ),
    ).toBe('row')
  })
})
