/** The preview's inputs as the render operation takes them: the variables given a value, in a stable order. */
export function renderVariables(values: Record<string, string>): { name: string; value: string }[] {
  return Object.keys(values)
    .filter((name) => values[name] !== '')
    .sort()
    .map((name) => ({ name, value: values[name]! }));
}
