/** The `displays` namespace in Swedish: the office screens (docs/decisions/101). */
export const svDisplays = {
  validation: {
    displays: {
      codeFormat: 'Koden är åtta tecken, som den står på skärmen (t.ex. ACDE 2347)',
      codeUnknown: 'Ingen skärm väntar med den koden: kontrollera den mot skärmen',
      codeExpired: 'Koden har gått ut: skärmen visar en ny kod, ange den',
      scenes: 'Välj minst en vy som skärmen ska visa',
      office: 'Kontoret finns inte, eller så får du inte koppla skärmar till det',
      teams: 'Välj team på skärmens kontor',
    },
  },
}
