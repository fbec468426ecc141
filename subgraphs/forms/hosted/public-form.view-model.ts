/** A LIVE form as the public operation gives it, the hosted page's input. */
export interface HostedField {
  ref: string;
  type: string;
  label: string;
  required: boolean;
  placeholder: string | null;
  settings: Record<string, unknown>;
}

export interface HostedForm {
  uuid: string;
  title: string;
  description: string | null;
  fields: HostedField[];
  settings: { requiresAuth: boolean; hasPassword: boolean; layout: string; thankYouMessage: string | null };
  theme: {
    preset: string | null;
    colors: Record<string, unknown> | null;
    font: string | null;
    logoUrl?: string | null;
  };
}

/** What the respondent typed, by control name, shown again with a refusal. */
export type PostedValues = Record<string, string>;

/** Problems to show: by field ref, and one for the whole form. */
export interface PageProblems {
  byRef: Record<string, string>;
  form?: string;
}

export const optionsOf = (field: HostedField): string[] =>
  Array.isArray(field.settings.options) ? (field.settings.options as string[]) : [];
export const numberSetting = (field: HostedField, key: string): number | undefined =>
  typeof field.settings[key] === 'number' ? (field.settings[key] as number) : undefined;
