/** The `guides` namespace in Swedish: guides, their categories and acknowledgements, and embeds (docs/decisions/069). */
export const svGuides = {
  validation: {
    guides: {
      link: 'En länk får gå till en webbadress (https), e-post, ett telefonnummer eller en sida i appen',
      image: 'En bild måste vara uppladdad till guiden',
      tooLarge: 'Texten är för lång',
      tooDeep: 'Texten har för många nivåer i varandra',
      category: 'Välj en kategori som finns',
      noSuchVersion: 'Den versionen finns inte',
    },
    embeds: {
      https: 'Adressen måste börja med https://',
      host: 'Ange ett värdnamn som example.se eller *.example.se',
      hostNotAllowed: 'Värden finns inte bland de tillåtna värdarna',
      secret: 'Nyckeln måste vara minst 16 tecken',
      resource: 'Ange vad den signerade inbäddningen visar',
    },
  },
  guideAlerts: {
    reminderTitle: 'Läs och bekräfta: {{title}}',
    reminderMessage: 'Guiden ”{{title}}” ska läsas. Öppna den och bekräfta att du har läst den.',
  },
}
