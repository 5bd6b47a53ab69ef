import type { ComponentType } from 'react'
import type { RouteName } from '../../shared/routes'

type ScreenModule = () => Promise<{ default: ComponentType }>

const planned: ScreenModule = () => import('../features/planned/routes/planned-screen')

/** The screen of each route, loaded on demand. A route without its own screen yet shows the planned screen. */
const SCREENS: Partial<Record<RouteName, ScreenModule>> = {
  login: () => import('../features/auth/routes/login-page'),
  'not-authorized': () => import('../features/errors/routes/not-authorized-page'),
  'not-found': () => import('../features/errors/routes/not-found-page'),
  maintenance: () => import('../features/errors/routes/maintenance-page'),
  start: () => import('./screens/start-page'),
  'user-admin-users': () => import('../features/user-admin/routes/users-page'),
  'user-admin-users-id': () => import('../features/user-admin/routes/user-page'),
  'user-admin-management-new': () => import('../features/user-admin/routes/management-new-page'),
  'user-admin-management-former': () => import('../features/user-admin/routes/management-former-page'),
  'user-admin-users-deviations': () => import('../features/user-admin/routes/alert-recipients-page'),
  'user-admin-users-notifications': () => import('../features/user-admin/routes/send-notification-page'),
  'user-admin-roles': () => import('../features/user-admin/routes/roles-page'),
  'user-admin-activity-log': () => import('../features/user-admin/routes/activity-log-page'),
  'user-admin-regions': () => import('../features/user-admin/routes/regions-page'),
  'user-admin-regions-id': () => import('../features/user-admin/routes/region-page'),
  'user-admin-coach-groups': () => import('../features/user-admin/routes/coach-groups-page'),
  'user-admin-coach-groups-provider': () => import('../features/user-admin/routes/coach-groups-provider-page'),
  'user-admin-oph': () => import('../features/user-admin/routes/oph-page'),
  'user-admin-external-accounts': () => import('../features/user-admin/routes/external-accounts-page'),
  'user-admin-terms-of-use': () => import('../features/user-admin/routes/terms-page'),
  'user-admin-user-titles': () => import('../features/user-admin/routes/titles-page'),
  'user-admin-offices': () => import('../features/user-admin/routes/offices-page'),
  'user-admin-offices-id': () => import('../features/user-admin/routes/office-page'),
  'user-admin-teams': () => import('../features/user-admin/routes/teams-page'),
  'user-admin-teams-id': () => import('../features/user-admin/routes/team-page'),
  'backoffice-salereports': () => import('../features/sales/routes/sale-reports-page'),
  'backoffice-salereports-id': () => import('../features/sales/routes/sale-report-page'),
  'backoffice-deviations': () => import('../features/sales/routes/deviations-page'),
  'backoffice-deviations-id': () => import('../features/sales/routes/deviation-page'),
  'backoffice-double-sales': () => import('../features/sales/routes/double-sales-page'),
  'backoffice-ordermanagement': () => import('../features/orders/routes/order-management-page'),
  'backoffice-ordermanagement-id': () => import('../features/orders/routes/order-page'),
  'backoffice-providers': () => import('../features/catalog/routes/providers-page'),
  'backoffice-providers-id': () => import('../features/catalog/routes/provider-page'),
  'backoffice-products': () => import('../features/catalog/routes/products-page'),
  'backoffice-products-id': () => import('../features/catalog/routes/product-page'),
  'backoffice-customers': () => import('../features/catalog/routes/customers-page'),
  'backoffice-timereports': () => import('../features/pay/routes/time-reports-page'),
  'backoffice-timereports-id': () => import('../features/pay/routes/time-report-page'),
  'backoffice-sicknotices': () => import('../features/pay/routes/sick-notices-page'),
  'backoffice-paycodes': () => import('../features/pay/routes/paycodes-page'),
  'backoffice-absenceexport': () => import('../features/pay/routes/absence-export-page'),
  'backoffice-customers-id': () => import('../features/catalog/routes/customer-page'),
  'user-admin-mail-outbox': () => import('../features/mail/routes/mail-outbox-page'),
  'users-profile': () => import('../features/profile/routes/profile-page'),
  'dashboards-sales-seller': () => import('../features/sales/routes/seller-dashboard-page'),
  'sales-create': () => import('../features/sales/routes/sales-create-page'),
  'sales-list': () => import('../features/sales/routes/sales-list-page'),
  'sales-id': () => import('../features/sales/routes/sale-detail-page'),
  'sales-daily-checkout': () => import('../features/sales/routes/daily-checkout-page'),
  'sales-time-report': () => import('../features/sales/routes/time-report-page'),
  'sales-sick-notice': () => import('../features/sales/routes/sick-notice-page'),
  'sales-sync': () => import('../features/sales/routes/sync-page'),
  'sales-salary-calculator': () => import('../features/sales/routes/salary-calculator-page'),
}

export function screenFor(name: RouteName): ScreenModule {
  return SCREENS[name] ?? planned
}
