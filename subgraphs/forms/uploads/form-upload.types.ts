import { Field, Int, ObjectType } from 'type-graphql';

/** A file a respondent uploaded: the FILE answer to send with the partial or the submit, as it is. */
@ObjectType()
export class FormFileUpload {
  @Field({ description: "Where the form's owner reads the file (GET with a key of the forms scope)" })
  fileUrl!: string;

  @Field({ description: 'The name as given, cleaned of paths and control characters' })
  fileName!: string;

  @Field(() => Int, { description: 'Bytes' })
  fileSize!: number;

  @Field({ description: 'Read from the bytes, not from the name or the browser' })
  contentType!: string;
}

/** An uploaded file with its bytes (binary over GraphQL as base64), for `GET /forms/{id}/files/{fileId}`. */
@ObjectType()
export class FormFileContent {
  @Field()
  fileName!: string;

  @Field()
  contentType!: string;

  @Field(() => Int)
  size!: number;

  @Field({ description: 'The file, base64' })
  base64!: string;
}
