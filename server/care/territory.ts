import type { CareConfig } from '../config';

interface Territory {
  core_territory: boolean;
  optional_territory: boolean;
}

/** Core wins: a zip code matching both lists is core territory only, so the list's chip is never ambiguous. */
export function territoryOf(
  zipCode: string,
  config: Pick<CareConfig, 'coreTerritoryZipPrefixes' | 'optionalTerritoryZipPrefixes'>,
): Territory {
  const core = config.coreTerritoryZipPrefixes.some((prefix) => zipCode.startsWith(prefix));
  const optional = !core && config.optionalTerritoryZipPrefixes.some((prefix) => zipCode.startsWith(prefix));
  return { core_territory: core, optional_territory: optional };
}

/** "10115" -> "10xxx" for 2 digits: the only form of a mission zip code that lists and details show. */
export function partialZipCode(zipCode: string, digits: number): string {
  return zipCode.slice(0, digits) + 'x'.repeat(Math.max(0, zipCode.length - digits));
}
