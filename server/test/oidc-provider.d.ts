/** oidc-provider (the certified Node OpenID Provider, by openid-client's author), which ships no types: what the tests use of it. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'
  type Interaction = { uid: string; prompt: { name: string; details: Record<string, unknown> }; params: Record<string, unknown>; grantId?: string }
  class Grant {
    constructor(init: { accountId: string; clientId: string })
    addOIDCScope(scope: string): void
    addOIDCClaims(claims: string[]): void
    save(): Promise<string>
  }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
    Grant: typeof Grant
    proxy: boolean
  }
}
