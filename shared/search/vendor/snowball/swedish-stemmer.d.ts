/** Snowball's Swedish stemmer, generated (see README.md). */
export default class SwedishStemmer {
  stemWord(word: string): string
}
