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

  it('an object made anew with the same content is no change: the answer keeps its identity', () => {
    vi.useFakeTimers()
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 300), { initialProps: { value: { teamIds: ['t1'] } } })
    const first = result.current
    rerender({ value: { teamIds: ['t1'] } })
    act(() => void vi.advanceTimersByTime(1000))
    expect(result.current).toBe(first)
  })
})
