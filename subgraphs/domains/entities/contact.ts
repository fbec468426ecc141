/** A registration contact as stored (the four roles share the shape). */
export interface ContactData {
  firstName: string;
  lastName: string;
  organization?: string | null;
  email: string;
  /** E.164. */
  phone: string;
  address: string;
  city: string;
  state?: string | null;
  postalCode: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
}

export type ContactSet = Record<'registrant' | 'admin' | 'tech' | 'billing', ContactData>;
