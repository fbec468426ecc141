/**
 * The stylesheet every hosted page starts from: system fonts (nothing to download), readable at 360 px, visible focus,
 * colours from custom properties a page's theme may override (`--accent`, `--bg`, `--fg`, `--font`).
 */
export const BASE_CSS = `
:root{--accent:#2454d6;--accent-fg:#fff;--bg:#fff;--fg:#1b1f24;--muted:#59636e;--border:#c9d1d9;--danger:#b3261e;--ok:#1a7f37;
--font:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color-scheme:light}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 var(--font)}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 .75rem}
h2{font-size:1.25rem;margin:1.5rem 0 .5rem}
p{margin:.5rem 0}
a{color:var(--accent)}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
.hint{color:var(--muted);font-size:.9rem;margin:.15rem 0}
.error{color:var(--danger);font-size:.95rem;margin:.25rem 0}
.notice{border:1px solid var(--border);border-radius:.5rem;padding:.75rem 1rem;margin:1rem 0}
.notice.error{border-color:var(--danger)}
input,select,textarea,button{font:inherit;color:inherit}
input[type=text],input[type=email],input[type=password],input[type=number],input[type=tel],input[type=url],input[type=date],input[type=time],input[type=datetime-local],select,textarea{
display:block;width:100%;padding:.6rem .7rem;border:1px solid var(--border);border-radius:.4rem;background:#fff;min-height:2.75rem}
textarea{min-height:6rem}
[aria-invalid=true]{border-color:var(--danger)}
button,.button{display:inline-block;min-height:2.75rem;padding:.6rem 1.2rem;border:1px solid var(--accent);border-radius:.4rem;
background:var(--accent);color:var(--accent-fg);font-weight:600;cursor:pointer;text-decoration:none}
button.secondary,.button.secondary{background:transparent;color:var(--accent)}
button:disabled{opacity:.6;cursor:not-allowed}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
fieldset{border:0;padding:0;margin:1rem 0}
legend{font-weight:600;padding:0;margin-bottom:.25rem}
.choice{display:flex;gap:.5rem;align-items:center;font-weight:400;margin:.35rem 0}
.choice input{width:1.25rem;height:1.25rem}
.visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
@media (prefers-reduced-motion:reduce){*{transition:none!important;animation:none!important}}
`;
