/** Canonical DNS name order (RFC 4034 section 6.1): labels compared right to left, each as lower-case bytes. */
export function compareNames(a: string, b: string): number {
  const la = a === '' ? [] : a.split('.').reverse();
  const lb = b === '' ? [] : b.split('.').reverse();
  for (let i = 0; i < Math.min(la.length, lb.length); i++) {
    const c = Buffer.compare(Buffer.from(la[i]!), Buffer.from(lb[i]!));
    if (c !== 0) return c;
  }
  return la.length - lb.length;
}

/** Whether `name` is `ancestor` or below it. */
export const isAtOrBelow = (name: string, ancestor: string) => name === ancestor || name.endsWith(`.${ancestor}`);

/** The parent of a name (one label off). */
export const parentOf = (name: string) => name.slice(name.indexOf('.') + 1);
