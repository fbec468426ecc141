import { optionName, zonedName } from './form-fields.view.js';
import { heldFile } from './form-file.view.js';
import { optionsOf, type HostedField, type PostedValues } from './public-form.view-model.js';

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/**
 * A plain form post as the submit operation's `data` (by ref, typed as each field type expects). Empty controls are
 * left out; what does not parse (a number that is not one) is passed on as typed, so the module's own check refuses it
 * with its message.
 */
export function answersFromPost(fields: HostedField[], body: PostedValues): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of fields) {
    const raw = typeof body[field.ref] === 'string' ? body[field.ref]!.trim() : '';
    switch (field.type) {
      case 'MULTI_SELECT':
      case 'CHECKBOX': {
        const chosen = optionsOf(field)
          .map((_, i) => body[optionName(field.ref, i)])
          .filter((v): v is string => typeof v === 'string' && v !== '');
        if (chosen.length) data[field.ref] = chosen;
        break;
      }
      case 'SELECT':
        if (raw) data[field.ref] = [raw];
        break;
      case 'NUMBER':
      case 'RATING':
      case 'NPS':
      case 'SLIDER':
        if (raw) data[field.ref] = Number.isFinite(Number(raw)) ? Number(raw) : raw;
        break;
      case 'DATE_TIME': {
        const zoned = body[zonedName(field.ref)];
        // The script writes the instant with the respondent's offset; without it the page said nothing else than UTC.
        if (typeof zoned === 'string' && zoned) data[field.ref] = zoned;
        else if (raw) data[field.ref] = LOCAL_DATE_TIME.test(raw) ? `${raw.length === 16 ? `${raw}:00` : raw}Z` : raw;
        break;
      }
      case 'FILE': {
        // The file's answer as uploaded (by the script, or by this post before the submit); its name and size are
        // the stored file's, the server fills them in again.
        const held = heldFile(body, field.ref);
        if (held) data[field.ref] = held;
        break;
      }
      default:
        if (raw) data[field.ref] = raw;
    }
  }
  return data;
}
