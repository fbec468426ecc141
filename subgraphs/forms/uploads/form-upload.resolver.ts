import { Arg, Authorized, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import type { FormsDeps } from '../forms-deps.js';
import { FormUploads } from './form-upload.service.js';
import { FormFileContent } from './form-upload.types.js';

/** Respondents' files, read by the form's owner: what a FILE answer's `fileUrl` serves. */
@Resolver()
export class FormUploadResolver {
  private readonly uploads: FormUploads;

  constructor(deps: FormsDeps) {
    this.uploads = new FormUploads(deps.config.publicUrl, deps.clock);
  }

  @Authorized('forms')
  @Query(() => FormFileContent, {
    description: "A file respondents uploaded to one of the organization's forms, bytes in base64",
  })
  formFile(
    @Arg('formId', () => ID, { description: 'Numeric id or uuid of the form' }) formId: string,
    @Arg('fileId', () => ID) fileId: string,
    @Ctx() ctx: SubgraphContext,
  ): Promise<FormFileContent> {
    return this.uploads.read(ctx.em, formId, fileId);
  }
}
