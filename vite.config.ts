/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react'
import { readFileSync } from 'node:fs'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { chakraGlobalCssPlugin } from './scripts/vite-chakra-global-css.ts'
import { bootEntryPlugin } from './scripts/vite-boot-entry.ts'

/** The web app manifest: installable, standalone, with the two things a seller opens most as shortcuts. */
const manifest = {
  id: '/',
  name: 'Säljkraft',
  short_name: 'Säljkraft',
  description: 'Säljstyrning för dörrförsäljning och telefonförsäljning',
  lang: 'sv',
  dir: 'ltr' as const,
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  orientation: 'any' as const,
  theme_color: '#C2185B',
  background_color: '#ffffff',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    { name: 'Ny försäljning', short_name: 'Ny försäljning', url: '/sales/create', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
    { name: 'Tidrapport', short_name: 'Tidrapport', url: '/sales/time-report', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
  ],
}

/** The app's version, as each installed app reports it (docs/decisions/072). */
const version = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version

export default defineConfig({
  root: 'client',
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(version) },
  publicDir: '../public',
  plugins: [
    react(),
    chakraGlobalCssPlugin(),
    bootEntryPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '../sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // Registered by client/lib/pwa.ts with workbox-window after the first render.
      injectRegister: false,
      manifest,
      includeAssets: ['favicon.svg', 'theme-init.js', 'home-snapshot.js', 'icons/apple-touch-icon.png'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  test: {
    root: '.',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: '.',
          include: ['shared/**/*.test.ts', 'client/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
          // A component test (jsdom, the component library's theme made on first use, a person typing) takes 0.3–3.5 s
          // here and more on a busy host: the limit is for a test that hangs, as in the API project.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          root: '.',
          include: ['server/**/*.test.ts', 'integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
          // Every file has its own database, a copy of the run's template (a temporary file, or a PostgreSQL
          // database made from a template one): two at a time.
          globalSetup: ['server/test/global-setup.ts'],
          isolate: false,
          maxWorkers: 2,
        },
      },
    ],
  },
})
