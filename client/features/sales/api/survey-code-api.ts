import { call, rpc } from '../../../lib/api-client'

/** A QR code of the sale's quality survey for the customer at the door (docs/decisions/045); online only. */
export const surveyDoorCode = (saleId: string, language: 'sv' | 'en' | 'fi') =>
  call(rpc.quality.sales[':saleId']['door-code'].$post({ param: { saleId }, json: { language } }))
