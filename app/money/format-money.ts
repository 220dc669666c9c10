interface MoneyFormat {
  format: Intl.NumberFormat;
  /** Minor units per major unit: 100 for USD, 1 for JPY. */
  minorPerMajor: number;
}

const formats = new Map<string, MoneyFormat>();

/** Building a formatter is the costly part; one per locale and currency is kept for the process. */
function moneyFormat(locale: string, currency: string): MoneyFormat {
  const key = `${locale}|${currency}`;
  let money = formats.get(key);
  if (!money) {
    const format = new Intl.NumberFormat(locale, { style: "currency", currency });
    money = { format, minorPerMajor: 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2) };
    formats.set(key, money);
  }
  return money;
}

/** Money is stored in minor units (cents); shown in the page's language's locale and the listing's currency. */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  const { format, minorPerMajor } = moneyFormat(locale, currency);
  return format.format(minorUnits / minorPerMajor);
}

/** Minor units per major unit of a currency (100 for USD, 1 for JPY), whatever the locale. */
export function minorUnitsPerMajor(currency: string): number {
  return moneyFormat("en-US", currency).minorPerMajor;
}

/**
 * An amount in minor units as a spreadsheet reads a number and a seller types one: no grouping, the
 * currency's own number of decimals (JPY 0, USD 2, KWD 3), in whole-number arithmetic so that no
 * amount is rounded on its way out (the listings file, the price field of a listing's page).
 */
export function plainAmount(minorUnits: number, minorPerMajor: number, mark: string): string {
  const decimals = Math.round(Math.log10(minorPerMajor));
  const sign = minorUnits < 0 ? "-" : "";
  const whole = Math.abs(minorUnits);
  const major = Math.floor(whole / minorPerMajor);
  if (decimals === 0) return `${sign}${major}`;
  return `${sign}${major}${mark}${String(whole % minorPerMajor).padStart(decimals, "0")}`;
}

/** The mark between a number's units and its fractions in `locale`: "." in English, "," in German. */
export function decimalMark(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".";
}
