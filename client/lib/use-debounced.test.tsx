// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useDebounced } from './use-debounced'

afterEach(() => vi.useRealTimers())

describe('useDebounced', () => {
  it('answers a value only once it has stayed the same for the wait, the last one of a burst', () => {
    vi.useFakeTimers()
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 300), { initialProps: { value: { q: 'a' } } })
    expect(result.current).toEqual({ q: 'a' })
    rerender({ value: { q: 'ab' } })
    act(() => void vi.advanceTimersByTime(200))
    rerender({ value: { q: 'abc' } })
    act(() => void vi.advanceTimersByTime(200))
    expect(result.current).toEqual({ q: 'a' })
    act(() => void vi.advanceTimersByTime(100))
    expect(result.current).toEqual({ q: 'abc' })
  })

  it('an object made anew with the same content is no change; once settled the answer is the value itself', () => {
    vi.useFakeTimers()
    const audience = { teamIds: ['t1'] }
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 300), { initialProps: { value: audience } })
    expect(result.current).toBe(audience)
    const again = { teamIds: ['t1'] }
    rerender({ value: again })
    expect(result.current).toBe(again)
    const other = { teamIds: ['t2'] }
    rerender({ value: other })
    // Not settled yet: the earlier content, so a caller sees its answer is not for what is chosen now.
    expect(result.current).toEqual({ teamIds: ['t1'] })
    expect(result.current).not.toBe(other)
    act(() => void vi.advanceTimersByTime(300))
    expect(result.current).toBe(other)
  })
})
