/** What the build defines (vite.config.ts). */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- merged with Vite's own ImportMetaEnv
interface ImportMetaEnv {
  /** the app's version (package.json), reported by each installed app */
  readonly VITE_APP_VERSION: string
}
