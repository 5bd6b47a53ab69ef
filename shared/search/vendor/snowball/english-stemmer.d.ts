/** Snowball's English stemmer, generated (see README.md). */
export default class EnglishStemmer {
  stemWord(word: string): string
}
