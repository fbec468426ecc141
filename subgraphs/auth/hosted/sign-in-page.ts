import { html, jsonForScript, type SafeHtml } from '../../../platform/http/html/html.js';
import type { PageOptions } from '../../../platform/http/html/page.js';

/** What one rendering of the hosted sign-in page shows. */
export interface SignInView {
  appName: string;
  /** The page's own URL (query included): forms post back to it. */
  action: string;
  /** `/auth/sso/authorize?…` without the email: the SSO link adds it. */
  ssoBase: string;
  /** `/auth/hosted/{id}/discover?email=`: home-realm discovery as the address is typed. */
  discoverUrl: string;
  csrf: string;
  email?: string;
  /** Shown from the start (the server found a connection for the address). */
  ssoAvailable?: boolean;
  /** An error the API gave (wrong password, locked, blocked, ...), shown above the form. */
  error?: string;
  notice?: string;
  /** The second step: the MFA challenge token of the password step. */
  mfaToken?: string;
}

// Home-realm discovery while the address is typed; without JavaScript the server shows the link after Continue.
const DISCOVERY_SCRIPT = `
(function () {
  var config = JSON.parse(document.getElementById('sign-in-config').textContent);
  var email = document.getElementById('email');
  var sso = document.getElementById('sso');
  if (!email || !sso) return;
  var timer = null, asked = '';
  function update() {
    var value = email.value.trim();
    if (!/^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$/.test(value)) { sso.hidden = true; return; }
    if (value === asked) return;
    asked = value;
    fetch(config.discoverUrl + encodeURIComponent(value), { headers: { accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (body) {
        if (value !== email.value.trim()) return;
        var found = Boolean(body && body.data && body.data.sso);
        sso.hidden = !found;
        sso.href = config.ssoBase + '&email=' + encodeURIComponent(value);
      })
      .catch(function () { sso.hidden = true; });
  }
  email.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(update, 250); });
  update();
})();
`;

const CSS = `
[hidden]{display:none!important}
.card{max-width:24rem;margin:2rem auto;border:1px solid var(--border);border-radius:.75rem;padding:1.5rem}
.actions{display:flex;flex-direction:column;gap:.75rem;margin-top:1.25rem}
.actions .button,.actions button{width:100%;text-align:center}
.divider{color:var(--muted);text-align:center;margin:.5rem 0;font-size:.9rem}
.link-button{background:none;border:0;color:var(--accent);padding:0;min-height:auto;font-weight:400;text-decoration:underline}
`;

function messages(view: SignInView): SafeHtml {
  return html`${view.error ? html`<p class="notice error" role="alert" id="form-error">${view.error}</p>` : ''}${view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : ''}`;
}

function passwordStep(view: SignInView): SafeHtml {
  const ssoHref = view.email ? `${view.ssoBase}&email=${encodeURIComponent(view.email)}` : view.ssoBase;
  return html`<form method="post" action="${view.action}" novalidate>
<input type="hidden" name="csrf" value="${view.csrf}">
<label for="email">Email</label>
<input type="email" id="email" name="email" autocomplete="username" required value="${view.email ?? ''}"${view.error ? html` aria-describedby="form-error"` : ''}>
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password">
<div class="actions">
<button type="submit" name="action" value="password">Continue</button>
<a class="button secondary" id="sso" href="${ssoHref}"${view.ssoAvailable ? '' : html` hidden`}>Sign in with SSO</a>
<button type="submit" class="link-button" name="action" value="reset">Forgot your password?</button>
</div>
</form>`;
}

function mfaStep(view: SignInView): SafeHtml {
  return html`<form method="post" action="${view.action}" novalidate>
<input type="hidden" name="csrf" value="${view.csrf}">
<input type="hidden" name="mfaToken" value="${view.mfaToken}">
<label for="code">Authentication code</label>
<p class="hint" id="code-hint">The 6-digit code from your authenticator app, or one of your recovery codes.</p>
<input type="text" id="code" name="code" inputmode="text" autocomplete="one-time-code" required aria-describedby="code-hint" autofocus>
<div class="actions"><button type="submit" name="action" value="mfa">Verify</button></div>
</form>`;
}

/** The hosted sign-in page: email and password, the MFA step when needed, SSO when the address has a connection. */
export function signInPage(view: SignInView): PageOptions {
  return {
    title: `Sign in to ${view.appName}`,
    css: CSS,
    body: html`<div class="card">
<h1>Sign in to ${view.appName}</h1>
${messages(view)}
${view.mfaToken ? mfaStep(view) : passwordStep(view)}
</div>
<script type="application/json" id="sign-in-config">${jsonForScript({ discoverUrl: view.discoverUrl, ssoBase: view.ssoBase })}</script>`,
    scripts: view.mfaToken ? [] : [DISCOVERY_SCRIPT],
  };
}
