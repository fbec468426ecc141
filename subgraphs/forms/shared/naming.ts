/** Readable defaults: a slug from the title, a field ref from the label, made unique with a numeric suffix. */
export function slugify(text: string, separator: '-' | '_', max: number): string {
  const base = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, 'g'), '')
    .slice(0, max)
    .replace(new RegExp(`\\${separator}+$`), '');
  return base;
}

export function uniqueName(base: string, taken: Set<string>, separator: '-' | '_'): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}${separator}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
