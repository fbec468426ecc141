import { IsEmail, Length, Max, ValidateNested } from 'class-validator';
import { validateInput } from '../../../platform/validation/validate-input.js';
import { DomainError } from '../../../platform/errors/domain-error.js';

class Address {
  @IsEmail() email!: string;
}
class Input {
  @Length(1, 5) name!: string;
  @Max(10) count!: number;
  @ValidateNested() to!: Address;
}
class Batch {
  @ValidateNested({ each: true }) items!: Address[];
}
class Unruled {
  anything = 'x';
}

function input(values: Partial<Input> & { to: Address }): Input {
  return Object.assign(new Input(), values);
}

describe('validateInput', () => {
  it('should pass valid input and inputs without rules', async () => {
    await expect(
      validateInput(input({ name: 'ab', count: 3, to: Object.assign(new Address(), { email: 'a@b.example' }) })),
    ).resolves.toBeUndefined();
    await expect(validateInput(new Unruled())).resolves.toBeUndefined();
    await expect(validateInput('a string')).resolves.toBeUndefined();
  });

  it('should answer VALIDATION_ERROR naming the field, what came and what is expected', async () => {
    const error = await validateInput(
      input({ name: 'too long', count: 3, to: Object.assign(new Address(), { email: 'a@b.example' }) }),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual({
      field: 'name',
      received: 'too long',
      expected: expect.stringContaining('shorter than or equal to 5'),
    });
  });

  it('should give the dotted path of a nested failure, an item of a list named by its index', async () => {
    const error = await validateInput([
      input({ name: 'ok', count: 3, to: Object.assign(new Address(), { email: 'nope' }) }),
    ]).catch((e) => e);
    expect(error.details.field).toBe('[0].to.email');
    expect(error.details.received).toBe('nope');
  });

  it('should print an array index in brackets, as GraphQL does, and answer the module’s code', async () => {
    const batch = Object.assign(new Batch(), {
      items: [Object.assign(new Address(), { email: 'a@b.example' }), Object.assign(new Address(), { email: 'nope' })],
    });
    const error = await validateInput(batch, 'INVALID_REQUEST').catch((e) => e);
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.details.field).toBe('items[1].email');
  });
});
