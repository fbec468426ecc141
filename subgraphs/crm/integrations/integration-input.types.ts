import { Field, InputType } from 'type-graphql';
import { IsIn } from 'class-validator';
import { rule, Satisfies } from '../../../platform/validation/input-rules.js';
import { PROVIDERS } from './providers.js';

const PROVIDER_NAMES = Object.keys(PROVIDERS);

/**
 * POST /crm/integrations. The base URL goes through the platform's URL guard (public hosts only) and the token's
 * length is checked without echoing it, both by the service.
 */
@InputType()
export class CrmIntegrationInput {
  @Field(() => String, { nullable: true, description: `Required: ${PROVIDER_NAMES.join(' or ')}` })
  @IsIn(PROVIDER_NAMES, rule(PROVIDER_NAMES, 'provider must be one of the supported providers'))
  provider?: string;

  @Field(() => String, { nullable: true, description: 'Required: 1 to 200 characters' })
  @Satisfies(
    'name',
    (v) => typeof v === 'string' && v.trim() !== '' && v.length <= 200,
    '1 to 200 characters',
    'name is required',
  )
  name?: string;

  @Field(() => String, { nullable: true, description: "Required: the provider API's absolute https URL" })
  @Satisfies('baseUrl', (v) => typeof v === 'string', 'an absolute http(s) URL', 'baseUrl is required')
  baseUrl?: string;

  @Field(() => String, { nullable: true, description: 'Required: 8 to 4096 characters; sealed at rest' })
  accessToken?: string;
}
