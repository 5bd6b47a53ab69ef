import { startOidcProvider } from '../server/test/oidc-op'

/**
 * The identity provider the sign-in specs go out to (issue 74): oidc-provider on loopback (server/test/oidc-op.ts)
 * with a sign-in page of its own, where the person types their e-mail. Anyone typed is a person there, with that
 * e-mail verified: what the app then lets them do is the app's decision. It is the customers' eID broker too. Started by playwright.config.ts beside
 * the app; `E2E_OP_PORT` is its port, `E2E_PORT` the app's.
 */
// eslint-disable-next-line no-restricted-properties -- the test run's own ports
const { E2E_PORT = '4173', E2E_OP_PORT = '4199' } = process.env
const app = `http://localhost:${E2E_PORT}`
const op = await startOidcProvider({
  clientId: 'saljkraft-e2e',
  clientSecret: 'the-e2e-client-secret',
  redirectUris: [
    ...['entra-e2e', 'jit-e2e'].map((key) => `${app}/api/auth/sso/${key}/callback`),
    // The customers' eID broker of the written-offer spec's own server (e2e/offers/written-offer.spec.ts).
    `http://localhost:${Number(E2E_PORT) + 25}/api/public/offers/eid/callback`,
  ],
  postLogoutRedirectUris: [`${app}/login`],
  port: Number(E2E_OP_PORT),
  form: (email) => {
    const [first = '', last = ''] = email.split('@')[0]!.split('.')
    const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
    return { sub: `sub-${email}`, claims: { oid: `oid-${email}`, email, email_verified: true, given_name: cap(first), family_name: cap(last) } }
  },
})
console.log(`test identity provider at ${op.issuer}`)
