import type { ReactNode } from 'react'
import DefaultLayout from './default-layout'

/** The AI assistant's layout: the default shell with content that fills the window height. */
export default function FixedHeightLayout({ children }: { children: ReactNode }) {
  return <DefaultLayout fixedHeight>{children}</DefaultLayout>
}
