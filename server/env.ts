import path from 'node:path'
import { z } from 'zod'
import { CHECKLIST_UNATTACHED_QUOTA_BYTES } from '../shared/schemas/checklist-limits'
import { envIdentityProvidersSchema, type EnvIdentityProvider } from '../shared/schemas/sso'

/** The environment, parsed once. Nothing else reads process.env (lint rule). */
const boolish = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes')

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('./data'),
    DB_STATEMENT_LOG: z.string().default(''),
    DATABASE_URL: z
      .string()
      .transform((v) => (v === '' ? undefined : v))
      .pipe(
        z
          .string()
          .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// (leave it unset for the embedded SQLite database)')
          .optional(),
      )
      .optional(),
    DEMO_MODE: boolish.optional(),
    SESSION_TTL_DAYS: z.coerce.number().min(1).max(365).default(14),
    /** How long a sign-in (or a confirmation with the code or password) counts as recent for sensitive actions (decision 093). */
    STEP_UP_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),
    /** Identity providers declared by the environment: a JSON array (docs/identity-providers.md); empty for none. */
    SSO_PROVIDERS: z
      .string()
      .trim()
      .default('')
      .transform((v, ctx) => {
        if (!v) return []
        let json: unknown
        try {
          json = JSON.parse(v)
        } catch {
          ctx.addIssue({ code: 'custom', message: 'SSO_PROVIDERS must be a JSON array of identity providers (docs/identity-providers.md)' })
          return z.NEVER
        }
        const parsed = envIdentityProvidersSchema.safeParse(json)
        if (parsed.success) return parsed.data
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', message: `SSO_PROVIDERS ${issue.path.join('.') || '(the list)'}: ${issue.message}` })
        return z.NEVER
      }),
    /**
     * The origins users open the app at (comma-separated, e.g. https://app.example.se): the only origins whose
     * state-changing requests are accepted. Required in production; elsewhere loopback addresses are allowed too.
     */
    APP_ORIGINS: z
      .string()
      .default('')
      .refine(
        (v) =>
          v
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean)
            .every(isOrigin),
        'APP_ORIGINS must be origins such as https://app.example.se (scheme, host and port only), separated by commas',
      ),
    /** Trust X-Forwarded-For / X-Forwarded-Proto from a reverse proxy. */
    TRUST_PROXY: boolish.default(false),
    /** scrypt cost as log2(N); 15 = 32 MiB per hash. Tests lower it. */
    SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(15),
    STATIC_DIR: z.string().default('./dist'),
    LOG_REQUESTS: boolish.default(false),
    /** The least serious log lines written (JSON on stdout): fatal, error, warn, info, debug; silent for none. */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent']).default('info'),
    /** Scheduled backups (docs/operations.md): the folder they go into (unset: none), when, and how many are kept. */
    BACKUP_DIR: z.string().trim().default(''),
    BACKUP_TIME: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'BACKUP_TIME must be a time of day such as 02:30')
      .default('02:30'),
    BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(365).default(7),
    BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(4),
    /** How long a stopping instance (SIGTERM) may finish what it has before it exits regardless, in seconds. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
    /**
     * The bearer token a Prometheus scraper sends to read GET /metrics (`Authorization: Bearer …`), at least 16
     * characters. Unset: /metrics answers 404 (docs/operations.md).
     */
    METRICS_TOKEN: z
      .string()
      .default('')
      .refine((v) => v === '' || v.length >= 16, 'METRICS_TOKEN must be at least 16 characters'),
    /**
     * OpenTelemetry traces (docs/operations.md), the standard variables: sent as OTLP protobuf over HTTP to
     * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, or to `OTEL_EXPORTER_OTLP_ENDPOINT` + /v1/traces. Unset: no traces.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
    /** Headers for the collector, `key=value` pairs separated by commas (an API key). */
    OTEL_EXPORTER_OTLP_HEADERS: z.string().default(''),
    OTEL_SERVICE_NAME: z.string().min(1).default('saljkraft'),
    /** Traces off even when an endpoint is set. */
    OTEL_SDK_DISABLED: boolish.default(false),
    /** How long spans wait to leave in a batch, ms. */
    OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(10).max(60_000).default(5000),
    /** Maintenance: the API answers 503 `maintenance` (health and meta excepted) and the app shows its maintenance page. */
    MAINTENANCE_MODE: boolish.default(false),
    /**
     * Where mail goes: smtp://user:password@host:587 (STARTTLS) or smtps://…:465. Unset (the embedded default):
     * mail is kept in the outbox admins read in the app, never silently dropped.
     */
    SMTP_URL: z
      .string()
      .default('')
      .refine((v) => v === '' || /^smtps?:\/\//.test(v), 'SMTP_URL must start with smtp:// or smtps://'),
    MAIL_FROM: z.string().default('Säljkraft <no-reply@saljkraft.invalid>'),
    /**
     * Where SMS go (docs/decisions/094): a 46elks-style gateway's send address, https://api.46elks.com/a1/sms, with
     * SMS_USER and SMS_PASSWORD (HTTP Basic) and SMS_FROM (the sender: 3–11 letters and digits starting with a
     * letter, or a number in E.164). Unset: each SMS is kept in the SMS outbox, never silently dropped.
     */
    SMS_URL: z
      .string()
      .default('')
      .refine((v) => v === '' || /^https?:\/\//.test(v), 'SMS_URL must start with https:// or http://'),
    SMS_USER: z.string().default(''),
    SMS_PASSWORD: z.string().default(''),
    SMS_FROM: z
      .string()
      .default('Saljkraft')
      .refine(
        (v) => /^[A-Za-z][A-Za-z0-9]{2,10}$/.test(v) || /^\+[1-9]\d{6,14}$/.test(v),
        'SMS_FROM must be 3–11 letters and digits starting with a letter, or a number in E.164',
      ),
    /** the organisation's time zone: scheduled messages fall on its wall-clock times (an IANA name) */
    ORG_TIMEZONE: z
      .string()
      .default('Europe/Stockholm')
      .refine((v) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: v })
          return true
        } catch {
          return false
        }
      }, 'ORG_TIMEZONE must be an IANA time zone such as Europe/Stockholm'),
    /** the payroll system the payroll export goes to, as its users call it (its failure message names it) */
    // The payroll system's name in the back office's sentences; without it each language's own word is used.
    PAYROLL_SYSTEM_NAME: z.string().trim().min(1).max(60).optional(),
    /**
     * A hosted Pusher-compatible realtime service (Pusher Channels, or a self-hosted Soketi) instead of the built-in
     * socket server: all of id, key and secret, and a cluster or a host (docs/decisions/030). Unset: built in.
     */
    PUSHER_APP_ID: z.string().trim().max(100).default(''),
    PUSHER_APP_KEY: z.string().trim().max(100).default(''),
    PUSHER_APP_SECRET: z.string().trim().max(200).default(''),
    PUSHER_APP_CLUSTER: z.string().trim().max(40).default('mt1'),
    PUSHER_HOST: z.string().trim().max(200).default(''),
    PUSHER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    PUSHER_SCHEME: z.enum(['https', 'http']).default('https'),
    /**
     * Hosts beyond the browsers' own push services a Web Push subscription may name (comma-separated): the server
     * posts to a subscription's endpoint, so it never posts anywhere else (tests name their local push service).
     */
    PUSH_EXTRA_HOSTS: z.string().default(''),
    /**
     * The key that seals secrets the app gives back (external accounts' passwords; docs/decisions/043): 32 bytes,
     * base64. Unset: a key the server makes once and keeps in its database (fine for the embedded demo).
     */
    SECRETS_KEY: z
      .string()
      .trim()
      .default('')
      .refine((v) => v === '' || Buffer.from(v, 'base64').length === 32, 'SECRETS_KEY must be 32 bytes in base64'),
    /**
     * How much a user's checklist files no sale has taken yet may add up to, in KiB (decision 016): room for the
     * files of a few pushes. Default 100 MiB.
     */
    CHECKLIST_QUOTA_KIB: z.coerce
      .number()
      .int()
      .min(1024)
      .max(10 * 1024 * 1024)
      .default(CHECKLIST_UNATTACHED_QUOTA_BYTES / 1024),
    /** the BI assistant's questions per user and minute (docs/decisions/053), counted in the database */
    ASSISTANT_QUOTA_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(10),
    /** the assistant's legacy mode answers only about data before this day */
    ASSISTANT_LEGACY_CUTOFF: z.iso.date().default('2026-01-01'),
    /**
     * An optional OpenAI-compatible chat API for the assistant (base URL such as https://api.openai.com/v1, key,
     * model): its tool call is checked and scoped as the built-in parser's. Unset: the built-in parser answers.
     */
    ASSISTANT_LLM_URL: z
      .string()
      .trim()
      .default('')
      .refine((v) => v === '' || /^https?:\/\//.test(v), 'ASSISTANT_LLM_URL must start with http:// or https://'),
    ASSISTANT_LLM_KEY: z.string().trim().max(500).default(''),
    ASSISTANT_LLM_MODEL: z.string().trim().max(200).default(''),
    /**
     * An optional speech-to-text engine for seller transcriptions (docs/decisions/076): an OpenAI-compatible
     * `/audio/transcriptions` endpoint (base URL such as https://api.openai.com/v1, or a local server an operator
     * runs — faster-whisper-server, LocalAI, whisper.cpp's server in OpenAI mode), its key and model. Unset: text
     * comes in typed or imported with the recording.
     */
    TRANSCRIBE_URL: z
      .string()
      .trim()
      .default('')
      .refine((v) => v === '' || /^https?:\/\//.test(v), 'TRANSCRIBE_URL must start with http:// or https://'),
    TRANSCRIBE_KEY: z.string().trim().max(500).default(''),
    TRANSCRIBE_MODEL: z.string().trim().max(200).default('whisper-1'),
    /**
     * Recruiting's outside services (docs/decisions/070), each optional: an onboarding space service (creates a
     * candidate's space: POST <url>/spaces), a DocuSeal-compatible e-signing service (its API key and the webhook's
     * HMAC secret), and the cloud directory where new sellers get their account — Microsoft Graph (tenant, app and
     * secret; the domain of the accounts' names) or LDAP (URL, bind, the users' container). Unset: the built-in page,
     * the built-in signing, no directory account.
     */
    ONBOARDING_SPACE_URL: z
      .string()
      .trim()
      .default('')
      .refine((v) => v === '' || /^https?:\/\//.test(v), 'ONBOARDING_SPACE_URL must start with http:// or https://'),
    ONBOARDING_SPACE_TOKEN: z.string().trim().max(500).default(''),
    ESIGN_URL: z
      .string()
      .trim()
      .default('')
      .refine((v) => v === '' || /^https?:\/\//.test(v), 'ESIGN_URL must start with http:// or https://'),
    ESIGN_TOKEN: z.string().trim().max(500).default(''),
    ESIGN_WEBHOOK_SECRET: z.string().trim().max(500).default(''),
    GRAPH_TENANT_ID: z.string().trim().max(100).default(''),
    GRAPH_CLIENT_ID: z.string().trim().max(100).default(''),
    GRAPH_CLIENT_SECRET: z.string().trim().max(500).default(''),
    GRAPH_DOMAIN: z.string().trim().max(200).default(''),
    GRAPH_URL: z
      .string()
      .trim()
      .default('')
      .refine((v) => v === '' || /^https?:\/\//.test(v), 'GRAPH_URL must start with http:// or https://'),
    GRAPH_LOGIN_URL: z
      .string()
      .trim()
      .default('')
      .refine((v) => v === '' || /^https?:\/\//.test(v), 'GRAPH_LOGIN_URL must start with http:// or https://'),
    LDAP_URL: z
      .string()
      .trim()
      .default('')
      .refine((v) => v === '' || /^ldaps?:\/\//.test(v), 'LDAP_URL must start with ldap:// or ldaps://'),
    LDAP_BIND_DN: z.string().trim().max(500).default(''),
    LDAP_BIND_PASSWORD: z.string().max(500).default(''),
    LDAP_USERS_DN: z.string().trim().max(500).default(''),
    LDAP_DOMAIN: z.string().trim().max(200).default(''),
    /** who runs this server, for push services (RFC 8292's subject): a mailto: or https: address */
    VAPID_SUBJECT: z
      .string()
      .default('')
      .refine((v) => v === '' || /^(mailto:|https:\/\/)/.test(v), 'VAPID_SUBJECT must be a mailto: or https:// address'),
  })
  .refine(
    (e) => [e.PUSHER_APP_ID, e.PUSHER_APP_KEY, e.PUSHER_APP_SECRET].every(Boolean) || [e.PUSHER_APP_ID, e.PUSHER_APP_KEY, e.PUSHER_APP_SECRET].every((v) => !v),
    {
      message: 'PUSHER_APP_ID, PUSHER_APP_KEY and PUSHER_APP_SECRET go together: set all three for a hosted realtime service, or none for the built-in one',
      path: ['PUSHER_APP_ID'],
    },
  )

/** Every variable the server reads (docs/operations.md lists each; server/env-docs.test.ts holds them together). */
export const ENV_NAMES: readonly string[] = Object.keys(envSchema.shape)

export type Env = {
  nodeEnv: 'development' | 'production' | 'test'
  host: string
  port: number
  dataDir: string
  /** benchmarks: a file every SQLite statement is appended to with its parameters (bench:sync's replay limit) */
  dbStatementLog: string | null
  databaseUrl: string | undefined
  demoMode: boolean
  maintenance: boolean
  sessionTtlMs: number
  /** how long a sign-in counts as recent for sensitive actions (decision 093) */
  stepUpMs: number
  /** identity providers the environment declares (decision 093) */
  ssoProviders: EnvIdentityProvider[]
  appOrigins: string[]
  trustProxy: boolean
  scryptLogN: number
  staticDir: string
  logRequests: boolean
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'silent'
  /** scheduled backups: their folder (null: none), time of day, and how many daily and weekly ones are kept */
  backupDir: string | null
  backupTime: string
  backupKeepDaily: number
  backupKeepWeekly: number
  /** how long a stopping instance may finish its work before it exits, ms */
  shutdownGraceMs: number
  /** the bearer token GET /metrics asks for; null: no metrics served */
  metricsToken: string | null
  /** where OpenTelemetry traces go (OTLP over HTTP); null: no traces */
  tracing: { url: string; headers: Record<string, string>; serviceName: string; delayMs: number } | null
  smtpUrl: string | undefined
  mailFrom: string
  /** the SMS gateway (46elks's API); null: SMS are kept in the outbox */
  sms: { url: string; user: string; password: string; from: string } | null
  /** the organisation's time zone (scheduled messages) */
  timezone: string
  payrollSystemName: string | null
  /** a hosted realtime service; null: the built-in socket server */
  pusher: { appId: string; key: string; secret: string; cluster: string; host: string | null; port: number | null; scheme: 'https' | 'http' } | null
  vapidSubject: string
  pushExtraHosts: string[]
  /** SECRETS_KEY, or null for the server's own key */
  secretsKey: string | null
  /** how many bytes a user's checklist files no sale has taken yet may add up to */
  checklistQuotaBytes: number
  assistant: { quotaPerMinute: number; legacyCutoff: string; llm: { url: string; key: string; model: string } | null }
  /** the speech-to-text engine of seller transcriptions, null when none is configured (docs/decisions/076) */
  transcribe: { url: string; key: string; model: string } | null
  /** recruiting's outside services, each null when not configured (docs/decisions/070) */
  onboarding: {
    space: { url: string; token: string } | null
    esign: { url: string; token: string; webhookSecret: string } | null
    graph: { tenantId: string; clientId: string; clientSecret: string; domain: string; url: string; loginUrl: string } | null
    ldap: { url: string; bindDn: string; bindPassword: string; usersDn: string; domain: string } | null
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    dbStatementLog: e.DB_STATEMENT_LOG || null,
    databaseUrl: e.DATABASE_URL,
    // Demo mode is the default; production seeds nothing unless asked to.
    demoMode: e.DEMO_MODE ?? e.NODE_ENV !== 'production',
    maintenance: e.MAINTENANCE_MODE,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    stepUpMs: e.STEP_UP_MINUTES * 60_000,
    ssoProviders: e.SSO_PROVIDERS,
    appOrigins: e.APP_ORIGINS.split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    scryptLogN: e.SCRYPT_LOG_N,
    checklistQuotaBytes: e.CHECKLIST_QUOTA_KIB * 1024,
    staticDir: path.resolve(e.STATIC_DIR),
    logRequests: e.LOG_REQUESTS,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN || null,
    tracing: tracingOf(e),
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    backupDir: e.BACKUP_DIR || null,
    backupTime: e.BACKUP_TIME,
    backupKeepDaily: e.BACKUP_KEEP_DAILY,
    backupKeepWeekly: e.BACKUP_KEEP_WEEKLY,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    sms: e.SMS_URL ? { url: e.SMS_URL, user: e.SMS_USER, password: e.SMS_PASSWORD, from: e.SMS_FROM } : null,
    timezone: e.ORG_TIMEZONE,
    payrollSystemName: e.PAYROLL_SYSTEM_NAME ?? null,
    pusher:
      e.PUSHER_APP_ID && e.PUSHER_APP_KEY && e.PUSHER_APP_SECRET
        ? {
            appId: e.PUSHER_APP_ID,
            key: e.PUSHER_APP_KEY,
            secret: e.PUSHER_APP_SECRET,
            cluster: e.PUSHER_APP_CLUSTER,
            host: e.PUSHER_HOST || null,
            port: e.PUSHER_PORT ?? null,
            scheme: e.PUSHER_SCHEME,
          }
        : null,
    vapidSubject: e.VAPID_SUBJECT || vapidSubjectOf(e.MAIL_FROM, e.APP_ORIGINS),
    secretsKey: e.SECRETS_KEY || null,
    assistant: {
      quotaPerMinute: e.ASSISTANT_QUOTA_PER_MINUTE,
      legacyCutoff: e.ASSISTANT_LEGACY_CUTOFF,
      llm:
        e.ASSISTANT_LLM_URL && e.ASSISTANT_LLM_MODEL
          ? { url: e.ASSISTANT_LLM_URL.replace(/\/+$/, ''), key: e.ASSISTANT_LLM_KEY, model: e.ASSISTANT_LLM_MODEL }
          : null,
    },
    transcribe: e.TRANSCRIBE_URL ? { url: e.TRANSCRIBE_URL.replace(/\/+$/, ''), key: e.TRANSCRIBE_KEY, model: e.TRANSCRIBE_MODEL } : null,
    onboarding: {
      space: e.ONBOARDING_SPACE_URL ? { url: e.ONBOARDING_SPACE_URL.replace(/\/+$/, ''), token: e.ONBOARDING_SPACE_TOKEN } : null,
      esign: e.ESIGN_URL ? { url: e.ESIGN_URL.replace(/\/+$/, ''), token: e.ESIGN_TOKEN, webhookSecret: e.ESIGN_WEBHOOK_SECRET } : null,
      graph:
        e.GRAPH_TENANT_ID && e.GRAPH_CLIENT_ID && e.GRAPH_CLIENT_SECRET && e.GRAPH_DOMAIN
          ? {
              tenantId: e.GRAPH_TENANT_ID,
              clientId: e.GRAPH_CLIENT_ID,
              clientSecret: e.GRAPH_CLIENT_SECRET,
              domain: e.GRAPH_DOMAIN,
              url: (e.GRAPH_URL || 'https://graph.microsoft.com/v1.0').replace(/\/+$/, ''),
              loginUrl: (e.GRAPH_LOGIN_URL || 'https://login.microsoftonline.com').replace(/\/+$/, ''),
            }
          : null,
      ldap:
        e.LDAP_URL && e.LDAP_USERS_DN
          ? { url: e.LDAP_URL, bindDn: e.LDAP_BIND_DN, bindPassword: e.LDAP_BIND_PASSWORD, usersDn: e.LDAP_USERS_DN, domain: e.LDAP_DOMAIN }
          : null,
    },
    pushExtraHosts: e.PUSH_EXTRA_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  }
}

/** A push service's contact for this server when none is set: the app's first origin, or the sender's address. */
function vapidSubjectOf(mailFrom: string, origins: string): string {
  const origin = origins
    .split(',')
    .map((o) => o.trim())
    .find((o) => o.startsWith('https://'))
  if (origin) return origin.replace(/\/$/, '')
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()
  return `mailto:${address}`
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '')
  } catch {
    return false
  }
}

/** What the server needs beyond a parseable environment before it serves anyone; a message per problem. */
export function servingProblems(env: Env): string[] {
  const problems: string[] = []
  if (env.nodeEnv === 'production' && env.appOrigins.length === 0) {
    problems.push(
      'APP_ORIGINS must name the address users open the app at (e.g. APP_ORIGINS=https://app.example.se): without it no change from a browser would be accepted.',
    )
  }
  return problems
}

export function loadEnv(): Env {
  // eslint-disable-next-line no-restricted-properties -- the one place that reads the environment
  return parseEnv(process.env)
}

/** The traces' collector from the standard OTEL_* variables, or null (none set, or OTEL_SDK_DISABLED). */
function tracingOf(e: z.infer<typeof envSchema>): Env['tracing'] {
  const url = e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || (e.OTEL_EXPORTER_OTLP_ENDPOINT ? `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces` : '')
  if (!url || e.OTEL_SDK_DISABLED) return null
  const headers: Record<string, string> = {}
  for (const pair of e.OTEL_EXPORTER_OTLP_HEADERS.split(',')) {
    const at = pair.indexOf('=')
    if (at > 0) headers[decodeURIComponent(pair.slice(0, at).trim())] = decodeURIComponent(pair.slice(at + 1).trim())
  }
  return { url, headers, serviceName: e.OTEL_SERVICE_NAME, delayMs: e.OTEL_BSP_SCHEDULE_DELAY }
}
