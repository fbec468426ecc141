/**
 * `it` when `condition` holds; otherwise the test is registered as skipped, its name carrying `reason`, so the
 * report shows what did not run and why instead of a test that returns early and passes.
 */
export function itIf(condition: boolean, reason: string): jest.It {
  if (condition) return it;
  const skipped = ((name: string, fn?: jest.ProvidesCallback, timeout?: number) =>
    it.skip(`${name} (skipped: ${reason})`, fn, timeout)) as jest.It;
  return Object.assign(skipped, {
    skip: it.skip,
    only: it.only,
    todo: it.todo,
    each: it.skip.each,
    failing: it.skip.failing,
    concurrent: it.skip.concurrent,
  });
}
