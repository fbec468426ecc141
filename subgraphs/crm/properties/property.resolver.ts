import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { CrmPropertyInput, UpdateCrmPropertyInput } from './property-input.types.js';
import { PropertyService } from './property.service.js';
import { PropertyView } from './property.types.js';

@Resolver()
export class PropertyResolver {
  private readonly service = new PropertyService();

  @Authorized('crm')
  @Query(() => [PropertyView], {
    description: 'System fields (isSystem) and custom property definitions; archived ones are hidden',
  })
  crmProperties(
    @Arg('entity', () => String, { nullable: true }) entity: string | undefined,
    @Arg('group', () => String, { nullable: true }) group: string | undefined,
    @Arg('isSystem', () => Boolean, { nullable: true }) isSystem: boolean | undefined,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PropertyView[]> {
    return this.service.list(ctx.em, { entity, group, isSystem });
  }

  @Authorized('crm')
  @Mutation(() => PropertyView, { description: 'PROPERTY_KEY_EXISTS when (entity, key) exists' })
  createCrmProperty(
    @Arg('input', () => CrmPropertyInput) input: CrmPropertyInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PropertyView> {
    return this.service.create(ctx.em, input);
  }

  @Authorized('crm')
  @Mutation(() => PropertyView)
  updateCrmProperty(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateCrmPropertyInput) input: UpdateCrmPropertyInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PropertyView> {
    return this.service.update(ctx.em, id, input);
  }

  @Authorized('crm')
  @Mutation(() => PropertyView, { description: 'Archives: values are kept, the field is hidden' })
  deleteCrmProperty(@Arg('id', () => ID) id: string, @Ctx() ctx: SubgraphContext): Promise<PropertyView> {
    return this.service.archive(ctx.em, id);
  }
}
