import type { HostedForm } from './public-form.view-model.js';

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const FONTS: Record<string, string> = {
  SERIF: 'Georgia,"Times New Roman",serif',
  MONO: 'ui-monospace,SFMono-Regular,Menlo,Consolas,monospace',
};

/**
 * The form's theme as CSS custom properties over the base stylesheet. Only hex colours and the named font stacks
 * reach the stylesheet (a stored value that is anything else is ignored), so a theme cannot carry CSS of its own.
 */
export function themeCss(theme: HostedForm['theme']): string {
  const colors = theme.colors ?? {};
  const color = (key: string) =>
    typeof colors[key] === 'string' && HEX.test(colors[key] as string) ? (colors[key] as string) : null;
  const vars: string[] = [];
  if (color('primary')) vars.push(`--accent:${color('primary')}`);
  if (color('background')) vars.push(`--bg:${color('background')}`);
  if (color('text')) vars.push(`--fg:${color('text')}`);
  if (theme.font && FONTS[theme.font]) vars.push(`--font:${FONTS[theme.font]}`);
  const bold =
    theme.preset === 'BOLD' ? 'h1{font-size:2rem;border-left:.4rem solid var(--accent);padding-left:.6rem}' : '';
  return `${vars.length ? `:root{${vars.join(';')}}` : ''}${bold}${FORM_CSS}`;
}

/** The hosted form's own layout, after the base stylesheet. */
const FORM_CSS = `
.logo{margin:0 0 .75rem}
.logo img{display:block;height:48px;width:auto;max-width:100%}
.q{margin:0 0 1.25rem}
.req{color:var(--danger)}
.scale{display:flex;flex-wrap:wrap;gap:.35rem}
.scale label{margin:0;font-weight:400}
.scale input{position:absolute;opacity:0;width:1px;height:1px}
.scale span{display:inline-flex;align-items:center;justify-content:center;min-width:2.75rem;min-height:2.75rem;border:1px solid var(--border);border-radius:.4rem;background:#fff;color:#1b1f24}
.scale input:checked+span{background:var(--accent);border-color:var(--accent);color:var(--accent-fg)}
.scale input:focus-visible+span{outline:3px solid var(--accent);outline-offset:2px}
input[type=range]{width:100%;min-height:2.75rem}
.file-status{margin:.35rem 0 0;color:var(--muted);font-size:.9rem;overflow-wrap:anywhere}
input[type=file]{max-width:100%;min-height:2.75rem}
input[type=file]::file-selector-button{min-height:2.75rem;margin-right:.75rem;padding:.5rem 1rem;border:1px solid var(--accent);border-radius:.4rem;background:transparent;color:var(--accent);font:inherit;cursor:pointer}
input[type=file]:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.file-remove{margin-top:.35rem}
.hp{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}
.steps{display:flex;gap:.75rem;align-items:center;margin-top:1rem}
.progress{color:var(--muted);font-size:.9rem}
.js .q[hidden],[hidden]{display:none!important}
`;
