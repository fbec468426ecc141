import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { referenceLoader } from '../../../platform/graphql/reference-loader.js';
import { Company } from '../entities/company.entity.js';
import { companyView, type CompanyView } from './company.types.js';

/** `Company.__resolveReference` through the per-request DataLoader. */
export async function resolveCompanyReference(ref: { id: string }, ctx: SubgraphContext): Promise<CompanyView | null> {
  if (!/^\d{1,18}$/.test(String(ref.id))) return null;
  const company = await referenceLoader(ctx, Company).load(String(ref.id));
  return company ? companyView(company) : null;
}
