import type { Shape } from '../namespaces'
import type { svGuides } from '../sv/guides'

/** The `guides` namespace in English. */
export const enGuides = {
  validation: {
    guides: {
      link: 'A link may go to a web address (https), an e-mail address, a phone number or a page in the app',
      image: 'An image must be uploaded to the guide',
      tooLarge: 'The text is too long',
      tooDeep: 'The text has too many levels inside each other',
      category: 'Choose a category that exists',
      noSuchVersion: 'That version does not exist',
    },
    embeds: {
      https: 'The address must start with https://',
      host: 'Enter a host name such as example.com or *.example.com',
      hostNotAllowed: 'The host is not among the allowed hosts',
      secret: 'The key must be at least 16 characters',
      resource: 'Enter what the signed embed shows',
    },
  },
  guideAlerts: {
    reminderTitle: 'Read and confirm: {{title}}',
    reminderMessage: 'The guide “{{title}}” must be read. Open it and confirm that you have read it.',
  },
} satisfies Shape<typeof svGuides>
