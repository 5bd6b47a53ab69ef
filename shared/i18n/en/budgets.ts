import type { Shape } from '../namespaces'
import type { svBudgets } from '../sv/budgets'

/** The `budgets` namespace in English. */
export const enBudgets = {
  validation: {
    budgets: {
      amount: 'Enter the budget in whole kronor',
      wholeKronor: 'Enter whole kronor, without öre',
      notNegative: 'A budget cannot be negative',
      notInOffice: 'Not in the office, or not yours to change',
      twice: 'The same budget is in the change twice',
    },
  },
  budgets: {
    intro: "The month's budget for the office, its teams and sellers, in whole kronor. A seller's budget shows in the app after their next sync.",
    month: 'Month',
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    office: 'Office',
    name: 'Name',
    lastMonth: 'Last month',
    budget: 'Budget, SEK',
    fieldLabel: 'Budget for {{name}} in kronor',
    officeBudget: "The office's budget",
    teamsSum: 'Teams together: {{amount}}',
    sellersSum: 'Sellers together: {{amount}}',
    noTeams: 'The office has no teams.',
    noSellers: 'No active sellers in the team.',
    empty: 'There are no offices or teams whose budget you can see.',
    readOnly: 'You can see the budgets but not change them.',
    save: 'Save',
    discard: 'Discard changes',
    unsaved_one: '{{count}} unsaved change',
    unsaved_other: '{{count}} unsaved changes',
    saveFirst: 'Save or discard your changes before you change the month or the office.',
    saved_one: '{{count}} budget saved',
    saved_other: '{{count}} budgets saved',
    copyPrevious: 'Copy from {{month}}',
    copied_one: '{{count}} budget copied from {{month}}',
    copied_other: '{{count}} budgets copied from {{month}}',
    copiedNone: 'Nothing to copy: everything that had a budget in {{month}} already has one in {{current}}.',
    conflict_one:
      'Someone else changed one of the budgets while you were working. It now shows as it is; your other changes are kept. Look them over and save again.',
    conflict_other:
      'Someone else changed {{count}} of the budgets while you were working. They now show as they are; your other changes are kept. Look them over and save again.',
    invalid: 'Correct the marked fields and save again.',
    changed: 'Changed',
  },
} satisfies Shape<typeof svBudgets>
