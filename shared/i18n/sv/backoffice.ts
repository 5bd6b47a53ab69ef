/** The `backoffice` namespace in Swedish: the back office's screens and the answers of its API (../namespaces.ts). */
export const svBackoffice = {
  validation: {
    saleReport: {
      reasonRequired: 'Ange ett skäl: säljaren ser det',
      deviationTypeRequired: 'Välj vilken sorts avvikelse det är',
      deviationTypeOnlyForDeviation: 'Avvikelsetyp anges bara för en avvikelse',
    },
  },
}
