import { use, type ComponentProps, type ComponentType } from 'react'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the module's own component decides them
type Loaded = { default: ComponentType<any> }
/** A promise carrying its answer the way React's `use` reads it, so a loaded module is drawn at once. */
type Tracked<T> = Promise<T> & { status?: 'fulfilled'; value?: T }

/**
 * A component whose code loads on demand, like React's `lazy`, that can also be loaded ahead (`preload`).
 * Once loaded it draws in the same render instead of suspending for a moment, so a navigation that waited for
 * it (the router's `lazy`) goes straight from the old screen to the new one, without a spinner in between.
 * A failed load is forgotten, so the next attempt tries again.
 */
export function preloadable<M extends Loaded>(load: () => Promise<M>) {
  let loading: Tracked<M> | undefined
  const preload = (): Promise<M> => {
    if (!loading) {
      const promise: Tracked<M> = load()
      loading = promise
      promise.then(
        (value) => {
          promise.status = 'fulfilled'
          promise.value = value
        },
        () => {
          if (loading === promise) loading = undefined
        },
      )
    }
    return loading
  }
  function Preloadable(props: ComponentProps<M['default']>) {
    const { default: Component } = use(preload())
    return <Component {...props} />
  }
  return Object.assign(Preloadable, { preload })
}
