import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { PUBLIC } from '../../../platform/auth/auth-checker.js';
import type { SubgraphContext } from '../../../platform/context/subgraph-context.js';
import { PublicFormService } from './public-form.service.js';
import { FormPasswordAttempts } from './form-password-attempts.js';
import { organizationPlans } from '../../../platform/organizations/plans.port.js';
import type { FormsDeps } from '../forms-deps.js';
import { FormFileUploadInput } from '../uploads/form-upload.input.js';
import { FormFileUpload } from '../uploads/form-upload.types.js';
import { FormPartialInput, FormSubmitInput, FormViewInput } from './public-form-input.types.js';
import {
  FormPartialResult,
  FormSubmitResult,
  FormViewRecorded,
  PublicForm,
  PublicFormLogo,
  PublicFormState,
} from './public-form.types.js';

const REF = { description: 'Form uuid or slug' };
const PASSWORD = {
  nullable: true,
  description: 'The form password, for password-protected forms (REST: X-Form-Password)',
};

/** Public operations: no key needed; the LIVE form found by uuid or slug decides the organization. */
@Resolver()
export class PublicFormResolver {
  private readonly service: PublicFormService;

  constructor(deps: FormsDeps) {
    this.service = new PublicFormService(
      organizationPlans,
      FormPasswordAttempts.fromConfig(deps.config),
      deps.config.publicUrl,
      deps.clock,
    );
  }

  @Authorized(PUBLIC)
  @Query(() => PublicForm, { description: 'A LIVE form as respondents see it' })
  publicForm(
    @Arg('ref', REF) ref: string,
    @Arg('password', () => String, PASSWORD) password: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<PublicForm> {
    return this.service.view(ctx.em, ref, password);
  }

  @Authorized(PUBLIC)
  @Query(() => PublicFormLogo, {
    nullable: true,
    description: "A LIVE form's logo (null without one), for its hosted page",
  })
  publicFormLogo(@Arg('ref', REF) ref: string, @Ctx() ctx: SubgraphContext): Promise<PublicFormLogo | null> {
    return this.service.logo(ctx.em, ref);
  }

  @Authorized(PUBLIC)
  @Query(() => PublicFormState, {
    description: 'LIVE, CLOSED, PAUSED or NOT_FOUND: what the hosted page says of a form it cannot show',
  })
  publicFormState(@Arg('ref', REF) ref: string, @Ctx() ctx: SubgraphContext): Promise<PublicFormState> {
    return this.service.state(ctx.em, ref);
  }

  @Authorized(PUBLIC)
  @Mutation(() => FormViewRecorded, { description: 'sessionId, visitorHash, referrer' })
  recordFormView(
    @Arg('ref', REF) ref: string,
    @Arg('input', () => FormViewInput, { nullable: true }) input: FormViewInput | null,
    @Arg('password', () => String, PASSWORD) password: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<FormViewRecorded> {
    return this.service.recordView(ctx.em, ref, input, password);
  }

  @Authorized(PUBLIC)
  @Mutation(() => FormSubmitResult, {
    description: 'data (keyed by ref) or answers[]; optional submissionId, respondentEmail, metadata',
  })
  submitForm(
    @Arg('ref', REF) ref: string,
    @Arg('input', () => FormSubmitInput, { nullable: true }) input: FormSubmitInput | null,
    @Arg('password', () => String, PASSWORD) password: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<FormSubmitResult> {
    return this.service.submit(ctx.em, ctx.auth, ref, input, password);
  }

  @Authorized(PUBLIC)
  @Mutation(() => FormFileUpload, {
    description:
      "Stores a respondent's file for a FILE field; send the answer it returns with the partial or the submit",
  })
  uploadFormFile(
    @Arg('ref', REF) ref: string,
    @Arg('input', () => FormFileUploadInput, { nullable: true }) input: FormFileUploadInput | null,
    @Arg('password', () => String, PASSWORD) password: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<FormFileUpload> {
    return this.service.upload(ctx.em, ctx.auth, ref, input, password);
  }

  @Authorized(PUBLIC)
  @Mutation(() => FormPartialResult, { description: 'Creates or continues a partial submission; answers merge' })
  saveFormPartial(
    @Arg('ref', REF) ref: string,
    @Arg('input', () => FormPartialInput, { nullable: true }) input: FormPartialInput | null,
    @Arg('password', () => String, PASSWORD) password: string | null,
    @Ctx() ctx: SubgraphContext,
  ): Promise<FormPartialResult> {
    return this.service.partial(ctx.em, ctx.auth, ref, input, password);
  }
}
