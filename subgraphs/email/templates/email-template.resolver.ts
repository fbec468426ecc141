import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';
import { EmailTemplate } from '../entities/email-template.entity.js';
import { EmailTemplateService } from './email-template.service.js';
import { EmailTemplateInput, EmailTemplateList } from './email-template.types.js';
import { EmailTemplateRenderInput } from './email-template-render.input.js';
import { EmailTemplateRendering } from './email-template-render.types.js';

@Resolver(() => EmailTemplate)
export class EmailTemplateResolver {
  private readonly service = new EmailTemplateService();

  @Authorized('email')
  @Query(() => EmailTemplateList, { description: 'Templates, newest first' })
  emailTemplates(@Args() args: PageArgsInput, @Ctx() ctx: SubgraphContext): Promise<EmailTemplateList> {
    return this.service.list(ctx.em, args);
  }

  @Authorized('email')
  @Query(() => EmailTemplate, { description: 'By id or alias' })
  emailTemplate(
    @Arg('id', () => ID, { description: 'Template id or alias' }) id: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<EmailTemplate> {
    return this.service.get(ctx.em, id);
  }

  @Authorized('email')
  @Query(() => EmailTemplateRendering, {
    description:
      'A preview: the template rendered with sample values exactly as a send renders it (an inactive or unknown template is NOT_FOUND, as for a send)',
  })
  renderEmailTemplate(
    @Arg('id', () => ID, { description: 'Template id or alias' }) id: string,
    @Arg('input', () => EmailTemplateRenderInput, { nullable: true }) input: EmailTemplateRenderInput | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<EmailTemplateRendering> {
    return this.service.render(ctx.em, id, input ?? null);
  }

  @Authorized('email')
  @Mutation(() => EmailTemplate, { description: 'Needs name, subject and htmlBody or textBody' })
  createEmailTemplate(
    @Arg('input', () => EmailTemplateInput) input: EmailTemplateInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<EmailTemplate> {
    return this.service.create(ctx.em, { ...input });
  }

  @Authorized('email')
  @Mutation(() => EmailTemplate, { description: 'Changes the fields given; null clears alias, htmlBody or textBody' })
  updateEmailTemplate(
    @Arg('id', () => ID, { description: 'Template id or alias' }) id: string,
    @Arg('input', () => EmailTemplateInput) input: EmailTemplateInput,
    @Ctx() ctx: SubgraphContext,
  ): Promise<EmailTemplate> {
    return this.service.update(ctx.em, id, { ...input });
  }

  @Authorized('email')
  @Mutation(() => Boolean)
  deleteEmailTemplate(
    @Arg('id', () => ID, { description: 'Template id or alias' }) id: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<boolean> {
    return this.service.delete(ctx.em, id);
  }
}
