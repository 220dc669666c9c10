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

/** Money is stored in minor units (cents); shown in the seller's locale and the listing's currency. */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  const { format, minorPerMajor } = moneyFormat(locale, currency);
  return format.format(minorUnits / minorPerMajor);
}

/** Minor units per major unit of a currency (100 for USD, 1 for JPY), whatever the locale. */
export function minorUnitsPerMajor(currency: string): number {
  return moneyFormat("en-US", currency).minorPerMajor;
}
