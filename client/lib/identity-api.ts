import { call, rpc } from './api-client'

/**
 * A customer's full identity number, asked for by one whose rules allow it (docs/decisions/058): of a sale, an order
 * registration or a customer in the register. Each is a POST the server logs (who read which number, when).
 */
export const revealIdentity = {
  ofSale: (id: string) => call(rpc['sale-reports'][':id'].identity.$post({ param: { id } })),
  ofOrder: (id: string) => call(rpc['order-registrations'][':id'].identity.$post({ param: { id } })),
  ofCustomer: (id: string) => call(rpc.customers[':id'].identity.$post({ param: { id } })),
}
