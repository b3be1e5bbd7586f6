/**
 * A short readable label of the browser and system a session was opened on, read from its
 * User-Agent at login: «Chrome en Android», «Safari en iPhone», «Firefox en
 * Windows»; a known system alone gives «Navegador en Linux», nothing known «Dispositivo desconocido».
 */
export const UNKNOWN_DEVICE = 'Dispositivo desconocido'

const BROWSERS: Array<[RegExp, string]> = [
  // Order matters: Edge, Opera and Samsung Internet also say Chrome; Chrome also says Safari.
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|HeadlessChrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
]

export function deviceLabel(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? '').slice(0, 512)
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1]
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1]
  if (browser && system) return `${browser} en ${system}`
  if (browser) return browser
  if (system) return `Navegador en ${system}`
  return UNKNOWN_DEVICE
}
