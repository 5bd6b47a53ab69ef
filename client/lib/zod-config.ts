import { z } from 'zod'

/**
 * Zod without its compiled parsers: to see whether it may compile them it tries `new Function`, which the app's
 * strict Content-Security-Policy forbids, and Chromium reports that try as a policy violation on every signed-in
 * page even though zod catches it. Imported first, before any schema parses. The server keeps the compiled parsers
 * (no policy there).
 */
z.config({ jitless: true })
