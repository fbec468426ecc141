import { createContext, useContext } from 'react';
import type { SessionInfo } from './session';

export interface SessionContextValue {
  session: SessionInfo;
  signOut: () => void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside the signed-in console');
  return value;
}

/** Whether the signed-in key holds a module's scope. */
export function useHasScope(scope: string): boolean {
  return useSession().session.scopes.includes(scope);
}
