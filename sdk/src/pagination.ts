/** One page of an offset list as the envelopes answer it: `data` with `meta.hasMore` (SMS: `messages`, `totalCount`). */
export interface OffsetPage<T> {
  data?: T[];
  messages?: T[];
  meta?: { hasMore?: boolean };
  totalCount?: number;
}

/**
 * Every item of a list route, page after page: `fetchPage` gets the offset and page size and returns the page
 * (`(offset, limit) => client.emails.messages.list({ params: { query: { offset, limit } } })`: a grouped list method
 * already answers the page).
 */
export async function* paginate<T>(
  fetchPage: (offset: number, limit: number) => Promise<OffsetPage<T>>,
  limit = 50,
): AsyncGenerator<T> {
  for (let offset = 0; ;) {
    const page = await fetchPage(offset, limit);
    const items = page.data ?? page.messages ?? [];
    yield* items;
    offset += items.length;
    const more = page.meta?.hasMore ?? (page.totalCount !== undefined ? offset < page.totalCount : false);
    if (!more || items.length === 0) return;
  }
}
