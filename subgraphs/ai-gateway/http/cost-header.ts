/** USD as a plain decimal string (no exponent): `0.0000123`. */
export const formatCost = (usd: number) => usd.toFixed(10).replace(/\.?0+$/, '') || '0';

/** `X-Cost-Total` when the cost is known; no header when no price list knows the model. */
export const costHeaders = (usd: number | null | undefined): Record<string, string> => (usd === null || usd === undefined ? {} : { 'X-Cost-Total': formatCost(usd) });
