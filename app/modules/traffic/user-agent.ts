/**
 * The kind of device and the browser a user agent names, in the words the
 * page shows: a short list, since the page reports shares, not versions.
 */
export type DeviceKind = "Celular" | "Tablet" | "Computador";

export function deviceOf(userAgent: string): DeviceKind {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent) || (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent))) {
    return "Tablet";
  }
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return "Celular";
  return "Computador";
}

/** The browser, checked in the order that tells them apart (Edge, Opera and Samsung Internet also say "Chrome"). */
export function browserOf(userAgent: string): string {
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return "Edge";
  if (/OPR\/|Opera/.test(userAgent)) return "Opera";
  if (/SamsungBrowser\//.test(userAgent)) return "Samsung Internet";
  if (/FxiOS\/|Firefox\//.test(userAgent)) return "Firefox";
  if (/CriOS\/|Chrome\/|Chromium\//.test(userAgent)) return "Chrome";
  if (/Safari\//.test(userAgent) && /Version\//.test(userAgent)) return "Safari";
  return "Outro";
}
