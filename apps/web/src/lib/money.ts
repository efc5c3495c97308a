// How the staff screens word an amount of US dollars (costs of conversations, test runs): small amounts keep
// their cents' fractions, so a conversation of $0.0324 does not read as free.

/** "$0", "$0.0324", "$1.25", "$1,204.50". */
export function formatUsd(usd: number): string {
  if (!Number.isFinite(usd) || usd === 0) return '$0'
  if (usd < 0.01) return `$${usd.toFixed(4)}`
  return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}
