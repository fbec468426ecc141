/**
 * The cookie that binds an SSO flow to the browser that started it: `sso_<flowId>=<secret>`, HttpOnly, SameSite=Lax
 * (sent on the identity provider's top-level GET back to us, never on another site's POST or fetch), Secure when the
 * platform is served over https, limited to /auth/sso and to the flow's lifetime. One per flow, so two tabs signing
 * in at once do not overwrite each other.
 */
export const FLOW_COOKIE_PATH = '/auth/sso';

export function flowCookieName(flowId: string): string {
  return `sso_${flowId}`;
}

export function setFlowCookie(flowId: string, secret: string, maxAgeSeconds: number, secure: boolean): string {
  return `${flowCookieName(flowId)}=${secret}; Path=${FLOW_COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function clearFlowCookie(flowId: string, secure: boolean): string {
  return `${flowCookieName(flowId)}=; Path=${FLOW_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The value of one cookie of a Cookie header (the first of that name), or null. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header || header.length > 16_384) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
