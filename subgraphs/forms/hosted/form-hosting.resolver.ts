import { Field, FieldResolver, ObjectType, Resolver, Root } from 'type-graphql';
import type { PlatformDeps } from '../../../platform/federation/subgraph-module.js';
import { FormDetail } from '../forms/form.types.js';
import { formLinks } from './form-embed.js';

@ObjectType()
export class FormEmbed {
  @Field({ description: 'An <iframe> showing the hosted page inline' })
  iframe!: string;

  @Field({ description: 'A <script> that renders the hosted page in an iframe where it is placed' })
  script!: string;
}

/** The hosted page of a form, absolute from PUBLIC_URL, and its embed snippets. */
@Resolver(() => FormDetail)
export class FormHostingResolver {
  constructor(private readonly deps: PlatformDeps) {}

  @FieldResolver(() => String, { description: 'The hosted page (GET with Accept: text/html)' })
  url(@Root() form: FormDetail): string {
    return formLinks(this.deps.config.publicUrl, form.uuid, form.title).url;
  }

  @FieldResolver(() => FormEmbed, { description: 'Snippets that embed the hosted page on another site' })
  embed(@Root() form: FormDetail): FormEmbed {
    return formLinks(this.deps.config.publicUrl, form.uuid, form.title).embed;
  }
}
