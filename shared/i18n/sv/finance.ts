/** The `finance` namespace in Swedish: the profitability views (docs/decisions/051). */
export const svFinance = {
  validation: {
    finance: {
      periodOrder: 'Slutdatum kan inte vara före startdatum',
      periodTooLong: 'Välj en period på högst två år',
      payrollTax: 'Ange en procentsats mellan 0 och 100 med högst två decimaler',
    },
  },
  finance: {
    intro:
      'Försäljningar som står sig (slutförda, godkända, flaggade och obesvarade) sålda under perioden, rapporterade timmar och säljarnas extra ersättning. Varje siffra öppnar raderna bakom den; definitionerna står under tabellen.',
    office: 'Kontor',
    allOffices: 'Alla kontor',
    unit: {
      sellers: 'Säljare',
      teams: 'Team',
      managers: 'Chef och kontor',
      providers: 'Leverantör',
      legacy: 'Team',
    },
    noTeam: 'Utan team',
    noOffice: 'Utan kontor',
    noManager: 'Ingen chef',
    metric: {
      sales: 'Försäljningar',
      income: 'Intäkter',
      variableCosts: 'Rörliga kostnader',
      tb: 'TB',
      tbPercent: 'TB %',
      productivity: 'Produktivitet',
      nki: 'NKI',
      fte: 'FTE',
      hourlyCompensation: 'Timersättning',
      workHours: 'Timmar',
    },
    perHour: '{{amount}}/h',
    answers_one: '{{count}} svar',
    answers_other: '{{count}} svar',
    sum_one: 'Summa för {{count}} rad',
    sum_other: 'Summa för alla {{count}} rader',
    sumTitle: 'Periodens summa',
    empty: 'Inga försäljningar eller timmar under perioden.',
    definitions: 'Så räknas siffrorna',
    def: {
      income: 'Provisionen leverantörerna betalar företaget för periodens försäljningar som står sig.',
      variableCosts:
        'Säljarnas ersättning (provision och extra ersättning) med arbetsgivaravgifter ({{rate}} %) plus företagets egen kostnad för försäljningarna.',
      variableCostsLegacy:
        'Säljarnas provision plus företagets egen kostnad för försäljningarna (den äldre beräkningen: utan arbetsgivaravgifter och extra ersättning).',
      tb: 'Täckningsbidrag: intäkter minus rörliga kostnader. TB % är täckningsbidraget som andel av intäkterna.',
      productivity: 'Täckningsbidrag per rapporterad arbetstimme.',
      nki: 'Nöjd kund-index: medelvärdet (0–100) av besvarade kvalitetsenkäter för periodens försäljningar, med antalet svar.',
      fte: 'Heltidstjänster: rapporterade arbetstimmar delat med periodens heltidstimmar ({{hours}} h, {{month}} h per hel månad).',
      hourlyCompensation: 'Säljarnas ersättning (provision och extra ersättning, före arbetsgivaravgifter) per rapporterad arbetstimme.',
      hourlyCompensationLegacy: 'Säljarnas provision per rapporterad arbetstimme.',
      extraIncome:
        'Extra ersättning hör till säljarens månad; en period räknar med den andel av månadens dagar den omfattar, och den hör till säljarens nuvarande team och kontor.',
      providers:
        'Timmar rapporteras per säljare och dag, inte per leverantör: FTE, produktivitet och timersättning visas inte här, och extra ersättning räknas inte.',
    },
    hoursByMonth: 'Tidrapporterna visas per månad: välj en period inom en månad för att öppna dem.',
    legacy: {
      intro: 'Den äldre beräkningen, för dagarna före {{cutoff}}, så att gamla månader ser ut som de gjorde.',
      clipped: 'Perioden visas till och med {{to}}: från {{cutoff}} gäller den nuvarande beräkningen.',
      none: 'Hela perioden ligger från {{cutoff}} och framåt, där den nuvarande beräkningen gäller: se de andra lönsamhetsvyerna.',
    },
    settings: {
      title: 'Beräkningens inställningar',
      payrollTax: 'Arbetsgivaravgifter (%)',
      legacyCutoff: 'Nuvarande beräkning gäller från',
      save: 'Spara inställningar',
      saved: 'Inställningarna är sparade',
      conflict: 'Någon annan ändrade inställningarna medan du redigerade. Så här ser de ut nu; gör ändringen igen om den behövs.',
      changed: 'Senast ändrade {{at}} av {{by}}',
      defaults: 'Standardvärden (ingen har ändrat dem)',
    },
  },
}
