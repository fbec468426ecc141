/** USD as a plain decimal string (no exponent): `0.0000123`. */
export const formatCost = (usd: number) => usd.toFixed(10).replace(/\.?0+$/, '') || '0';

/** Sets `X-Cost-Total` on `headers` when the cost is known; no header when no price list knows the model. */
export function withCost<T extends Record<string, string | number>>(headers: T, usd: number | null | undefined): T {
  if (usd !== null && usd !== undefined) (headers as Record<string, string | number>)['X-Cost-Total'] = formatCost(usd);
  return headers;
}
