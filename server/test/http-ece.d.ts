/** http_ece (RFC 8188's reference implementation, by its author), which ships no types: what the tests use of it. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto'
  type Params = { version?: 'aes128gcm' | 'aesgcm'; privateKey?: ECDH; authSecret?: string; dh?: string; key?: string; salt?: string; rs?: number }
  const ece: { decrypt(buffer: Buffer, params: Params): Buffer; encrypt(buffer: Buffer, params: Params): Buffer }
  export default ece
}
