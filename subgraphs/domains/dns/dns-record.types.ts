import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { IsOptional, MaxLength } from 'class-validator';
import { OffsetList } from '../../../platform/graphql/offset-list.type.js';
import { PageArgsInput } from '../../../platform/graphql/page-args.js';

@InputType('DnsRecordInput')
export class DnsRecordInput {
  @MaxLength(10)
  @Field({ description: 'A, AAAA, CNAME, MX, TXT, NS, SRV or CAA' })
  type!: string;

  @IsOptional()
  @MaxLength(253)
  @Field(() => String, { nullable: true, description: '@ (default) for the apex, or a name relative to the domain' })
  name?: string | null;

  @MaxLength(4100)
  @Field()
  value!: string;

  @Field(() => Int, { nullable: true, description: '60 to 86400 seconds; default 3600' })
  ttl?: number | null;

  @Field(() => Int, { nullable: true, description: 'MX and SRV only, 0 to 65535' })
  priority?: number | null;
}

@InputType('UpdateDnsRecordInput')
export class UpdateDnsRecordInput {
  @IsOptional()
  @MaxLength(253)
  @Field(() => String, { nullable: true })
  name?: string | null;

  @IsOptional()
  @MaxLength(4100)
  @Field(() => String, { nullable: true })
  value?: string | null;

  @Field(() => Int, { nullable: true })
  ttl?: number | null;

  @Field(() => Int, { nullable: true })
  priority?: number | null;
}

@InputType('DnsPresetInput')
export class DnsPresetInput {
  @MaxLength(50)
  @Field({ description: 'SERVICE_EMAIL' })
  preset!: string;
}

@ArgsType()
export class DnsRecordListArgs extends PageArgsInput {
  @Field()
  domainName!: string;

  @Field(() => String, { nullable: true, description: 'Only records of this type' })
  type?: string;
}

@ObjectType('DnsRecord')
export class DnsRecordView {
  @Field(() => ID)
  id!: string;

  @Field()
  domainName!: string;

  @Field()
  type!: string;

  @Field({ description: '@ for the apex, else relative to the domain' })
  name!: string;

  @Field({ description: 'The full name the record answers for' })
  fqdn!: string;

  @Field()
  value!: string;

  @Field(() => Int)
  ttl!: number;

  @Field(() => Int, { nullable: true })
  priority!: number | null;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;
}

@ObjectType('DnsRecordList')
export class DnsRecordList extends OffsetList(DnsRecordView) {}

@ObjectType('DnsPresetResult')
export class DnsPresetResult {
  @Field()
  preset!: string;

  @Field(() => [DnsRecordView], { description: 'Records the preset added (records already present are not repeated)' })
  created!: DnsRecordView[];

  @Field(() => [DnsRecordView], { description: 'Every record of the preset, as now in the zone' })
  records!: DnsRecordView[];
}

@ObjectType('DnsRecordDeleted')
export class DnsRecordDeleted {
  @Field(() => ID)
  id!: string;

  @Field()
  deleted!: boolean;
}
