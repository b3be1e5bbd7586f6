/**
 * Whether every search word starts a word of the title or the description, as SQLite's FTS5
 * `unicode61 remove_diacritics 2` tokenizer reads them: a word is a run of letters, digits and
 * private-use characters (Unicode L*, N*, Co), compared without case or the diacritics of Latin
 * letters (é, Ñ, ü…). SQLite calls it as `fleeters_words_start(title, description, 'word word')` on
 * the rows of a search the full-text index does not drive (decision 64); the words are
 * searchTokens' (lowercase [a-z0-9]+). One regular expression per word, built once: each letter
 * stands for the letters that fold to it (a: aáàâäãåÁ…), so the text itself is never copied.
 */
export function wordsStart(title: string, description: string, words: string): 0 | 1 {
  for (const re of patternsOf(words)) if (!re.test(title) && !re.test(description)) return 0
  return 1
}

/** The Latin letters with diacritics FTS5 folds (Latin-1 Supplement, Extended-A/B, Additional). */
const LATIN_RANGES: Array<[number, number]> = [
  [0xc0, 0x24f],
  [0x1e00, 0x1eff],
]

let classes: Map<string, string> | undefined
/** For each ASCII letter, a character class of the letters that read as it. */
function letterClasses(): Map<string, string> {
  if (classes) return classes
  const variants = new Map<string, string[]>()
  for (let c = 0x41; c <= 0x5a; c++) variants.set(String.fromCharCode(c + 32), [String.fromCharCode(c)])
  for (const [from, to] of LATIN_RANGES) {
    for (let c = from; c <= to; c++) {
      const ch = String.fromCharCode(c)
      const base = ch.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')
      if (base.length === 1 && base >= 'a' && base <= 'z') variants.get(base)!.push(ch)
    }
  }
  classes = new Map([...variants].map(([letter, list]) => [letter, `[${letter}${list.join('')}]`]))
  return classes
}

const patterns = new Map<string, RegExp[]>()
function patternsOf(words: string): RegExp[] {
  let list = patterns.get(words)
  if (!list) {
    const letters = letterClasses()
    list = words
      .split(' ')
      .filter((w) => /^[a-z0-9]+$/.test(w))
      .map((w) => new RegExp(`(?<![\\p{L}\\p{N}\\p{Co}])${[...w].map((ch) => letters.get(ch) ?? ch).join('')}`, 'u'))
    if (patterns.size >= 1_000) patterns.clear()
    patterns.set(words, list)
  }
  return list
}
