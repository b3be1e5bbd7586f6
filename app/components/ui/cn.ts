import { clsx, type ClassValue } from 'clsx'
import { createTailwindMerge } from 'tailwind-merge'

/** The product's colours: Tailwind's palette names it uses and its own (brand, accent). */
const isColor = (value: string) =>
  /^(inherit|current|transparent|white|black)(\/\d{1,3})?$/.test(value) ||
  /^(slate|gray|brand|accent|red|green|amber|blue|yellow|orange|emerald|sky)-\d{2,3}(\/\d{1,3})?$/.test(value)
const isLength = (value: string) => /^(\d+(\.\d+)?|px|auto|full|screen|min|max|fit|\d+\/\d+|\[.+\])$/.test(value)
const isSize = (value: string) => /^(xs|sm|md|lg|xl|\d?xl|none|full|prose|screen-\w+|\d+|\[.+\])$/.test(value)

/**
 * tailwind-merge with the class groups the kit's callers refine (spacing, sizes, text, colours,
 * borders, display, radius, shadow) instead of its whole default configuration: the same merge
 * for these groups at 2 KB gzip instead of 9 KB in every page's JS (the `/` budget is 125 KB).
 * A class outside these groups is kept as given, as clsx alone would.
 */
const merge = createTailwindMerge(() => ({
  cacheSize: 300,
  theme: {},
  classGroups: {
    display: ['block', 'inline-block', 'inline', 'flex', 'inline-flex', 'grid', 'inline-grid', 'hidden', 'contents'],
    p: [{ p: [isLength] }],
    px: [{ px: [isLength] }],
    py: [{ py: [isLength] }],
    pt: [{ pt: [isLength] }],
    pr: [{ pr: [isLength] }],
    pb: [{ pb: [isLength] }],
    pl: [{ pl: [isLength] }],
    m: [{ m: [isLength] }],
    mx: [{ mx: [isLength] }],
    my: [{ my: [isLength] }],
    mt: [{ mt: [isLength] }],
    mr: [{ mr: [isLength] }],
    mb: [{ mb: [isLength] }],
    ml: [{ ml: [isLength] }],
    gap: [{ gap: [isLength] }],
    w: [{ w: [isLength] }],
    h: [{ h: [isLength] }],
    'min-w': [{ 'min-w': [isLength] }],
    'min-h': [{ 'min-h': [isLength] }],
    'max-w': [{ 'max-w': [isSize] }],
    flex: [{ flex: ['1', 'auto', 'initial', 'none'] }],
    'font-size': [{ text: ['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl', '4xl'] }],
    'text-alignment': [{ text: ['left', 'center', 'right', 'justify', 'start', 'end'] }],
    'text-color': [{ text: [isColor] }],
    'font-weight': [{ font: ['normal', 'medium', 'semibold', 'bold', 'extrabold'] }],
    'bg-color': [{ bg: [isColor] }],
    'border-w': [{ border: ['', '0', '2', '4', '8'] }],
    'border-color': [{ border: [isColor] }],
    rounded: [{ rounded: ['', 'none', 'sm', 'md', 'lg', 'xl', '2xl', 'full'] }],
    shadow: [{ shadow: ['', 'sm', 'md', 'lg', 'xl', '2xl', 'none'] }],
    'align-items': [{ items: ['start', 'end', 'center', 'baseline', 'stretch'] }],
    'justify-content': [{ justify: ['start', 'end', 'center', 'between', 'around', 'evenly'] }],
    cursor: [{ cursor: ['auto', 'default', 'pointer', 'wait', 'not-allowed'] }],
    opacity: [{ opacity: [(value: string) => /^\d+$/.test(value)] }],
  },
  conflictingClassGroups: {
    p: ['px', 'py', 'pt', 'pr', 'pb', 'pl'],
    px: ['pr', 'pl'],
    py: ['pt', 'pb'],
    m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml'],
    mx: ['mr', 'ml'],
    my: ['mt', 'mb'],
  },
  conflictingClassGroupModifiers: {},
  orderSensitiveModifiers: [],
}))

/**
 * Class names of the kit: clsx joins the conditional ones, tailwind-merge lets a caller's class
 * replace the kit's of the same kind (`cn('px-4', 'px-2')` is `px-2`, not both).
 */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs))
}
