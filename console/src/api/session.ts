/** The API key lives in sessionStorage: it goes with the tab, and signing out forgets it. */
const STORAGE_KEY = 'platform-console-api-key';

export function storedKey(): string | null {
  return sessionStorage.getItem(STORAGE_KEY);
}

export function storeKey(key: string): void {
  sessionStorage.setItem(STORAGE_KEY, key);
}

/** Signing out forgets the key and everything else the console kept in this tab. */
export function forgetKey(): void {
  sessionStorage.clear();
}

/** What the key may read, from GET /console/api/session. */
export interface SessionInfo {
  organizationId: string;
  keyType: string;
  plan: string;
  scopes: string[];
}
