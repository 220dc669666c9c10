const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency });
    formatters.set(key, format);
  }
  return format;
}

/** Money is stored in minor units (cents); shown in the seller's locale and the listing's currency. */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  const format = formatter(locale, currency);
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorUnits / 10 ** digits);
}
