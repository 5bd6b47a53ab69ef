import type { ListQuery } from '../../../../shared/schemas/pagination'

/** The pay feature's cache keys: every query and invalidation of its data uses these (docs/how-to.md). */
export const payKeys = {
  paycodes: ['paycodes'] as const,
  extraIncomes: {
    all: ['extra-incomes'] as const,
    list: (query: ListQuery, filters: object) => ['extra-incomes', query, filters] as const,
  },
  payroll: {
    all: ['payroll'] as const,
    month: (month: string) => ['payroll', month] as const,
  },
  exports: (kind: string) => ['pay-exports', kind] as const,
}
