import { Field, InputType } from 'type-graphql';
import { Satisfies } from '../../../platform/validation/input-rules.js';

const isText = (max: number) => (v: unknown) => typeof v === 'string' && v.trim() !== '' && v.length <= max;

/** POST /f/{ref}/files: one file for one FILE field, base64 (JSON carries no bytes). */
@InputType()
export class FormFileUploadInput {
  @Field(() => String, { nullable: true, description: 'Required: the ref of a FILE field of the form' })
  @Satisfies('fieldRef', isText(64), 'the ref of a FILE field', 'fieldRef is required')
  fieldRef?: string;

  @Field(() => String, {
    nullable: true,
    description: "Required: the file's name (paths and control characters are removed)",
  })
  @Satisfies('fileName', isText(1024), 'string of 1 to 1024 characters', 'fileName is required')
  fileName?: string;

  @Field(() => String, { nullable: true, description: 'Required: the bytes, base64' })
  @Satisfies('content', (v) => typeof v === 'string' && v !== '', "the file's bytes in base64", 'content is required')
  content?: string;
}
