import { ArrayMaxSize, ArrayUnique, IsIn, IsOptional, Length, Matches, MaxLength } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { invalid } from '../../../platform/errors/domain-error.js';
import {
  BOOKING_QUESTION_TYPES,
  CHOICE_QUESTION_TYPES,
  type BookingQuestion,
  type BookingQuestionType,
} from '../entities/event-type.entity.js';
import { SingleLine } from '../shared/input-rules.js';

export const MAX_BOOKING_QUESTIONS = 20;
/** A question's name is the key of its answer in `responses` and part of the page's element ids: an identifier. */
export const QUESTION_NAME = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;

@InputType('CalendarBookingQuestionInput', {
  description: 'One question of the booking form; its answer is responses[name]',
})
export class BookingQuestionInput {
  @Matches(QUESTION_NAME, { message: 'an identifier: a letter, then letters, digits or _ (at most 50)' })
  @Field({ description: "The answer's key in responses; unique within the event type" })
  name!: string;

  @Length(1, 200)
  @SingleLine()
  @Field({ description: 'What the booking page shows' })
  label!: string;

  @IsIn(BOOKING_QUESTION_TYPES, { message: BOOKING_QUESTION_TYPES.join(', ') })
  @Field(() => String, { description: BOOKING_QUESTION_TYPES.join(', ') })
  type!: BookingQuestionType;

  @Field(() => Boolean, { nullable: true, description: 'Default false' })
  required?: boolean | null;

  @IsOptional()
  @ArrayMaxSize(50)
  @ArrayUnique({ message: 'distinct options' })
  @Length(1, 200, { each: true, message: 'options of 1 to 200 characters' })
  @SingleLine({ each: true })
  @Field(() => [String], { nullable: true, description: 'SELECT, MULTISELECT and RADIO: the choices (at least one)' })
  options?: string[] | null;

  @IsOptional()
  @MaxLength(200)
  @SingleLine()
  @Field(() => String, {
    nullable: true,
    description: 'Text shown in an empty TEXT, TEXTAREA, EMAIL, PHONE or NUMBER field',
  })
  placeholder?: string | null;
}

/**
 * Cross-question rules the classes cannot express: names unique, options exactly where a choice needs them.
 * `bookingQuestions[i]` names the question at fault, as class-validator's own failures do.
 */
export function bookingQuestionsOf(inputs: BookingQuestionInput[]): BookingQuestion[] {
  const seen = new Set<string>();
  return inputs.map((input, i) => {
    const at = `bookingQuestions[${i}]`;
    if (seen.has(input.name))
      throw invalid(
        `${at}.name`,
        input.name,
        'a name no other question of the event type has',
        `Two booking questions are named "${input.name}"`,
      );
    seen.add(input.name);
    const choice = CHOICE_QUESTION_TYPES.includes(input.type);
    const options = input.options ?? [];
    if (choice && options.length === 0)
      throw invalid(
        `${at}.options`,
        input.options ?? null,
        `at least one option for a ${input.type} question`,
        `A ${input.type} question needs options`,
      );
    if (!choice && options.length > 0)
      throw invalid(
        `${at}.options`,
        `array(${options.length})`,
        `no options for a ${input.type} question`,
        `A ${input.type} question takes no options`,
      );
    return {
      name: input.name,
      label: input.label,
      type: input.type,
      required: input.required ?? false,
      options,
      placeholder: input.placeholder ?? null,
    };
  });
}
