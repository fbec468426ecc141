/** The booking page's own styles: a month grid and slot buttons (radio buttons without a script) that fit 360 px, touch-sized targets. */
export const BOOKING_PAGE_CSS = `
.fact{font-weight:600;margin-right:.4rem}
.description{white-space:pre-line}
.month-bar{display:flex;align-items:center;justify-content:space-between;gap:.5rem;margin-top:1.5rem}
.month-bar h2{margin:0;font-size:1.15rem}
.month-bar button{padding:.4rem .9rem}
.weekdays,.days{list-style:none;padding:0;margin:.5rem 0 0;display:grid;grid-template-columns:repeat(7,minmax(0,1fr));gap:.25rem;text-align:center}
.weekdays li{color:var(--muted);font-size:.85rem}
.days button{width:100%;min-height:2.75rem;padding:0;background:#e8eefc;color:#143a8f;border-color:#e8eefc}
.days button:disabled{background:transparent;border-color:transparent;color:var(--muted);opacity:1}
.days button[aria-pressed=true]{background:var(--accent);border-color:var(--accent);color:var(--accent-fg)}
.slots{list-style:none;padding:0;margin:.5rem 0;display:grid;grid-template-columns:repeat(auto-fill,minmax(6rem,1fr));gap:.5rem}
.slot{width:100%;background:transparent;color:var(--accent)}
.slot[aria-pressed=true]{background:var(--accent);color:var(--accent-fg)}
.picked,.when{font-weight:600}
.req{color:var(--danger)}
.error:empty{margin:0}
dt{font-weight:600;margin-top:.5rem}
dd{margin:0;white-space:pre-line}
.slot-choice{display:flex;gap:.4rem;align-items:center;justify-content:center;margin:0;min-height:2.75rem;border:1px solid var(--accent);border-radius:.4rem;color:var(--accent)}
.slot-choice input{width:1.1rem;height:1.1rem;margin:0}
.slot-choice:has(input:checked){background:var(--accent);color:var(--accent-fg)}
.day-bar{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5rem 1rem;margin:.25rem 0 .5rem}
.day-bar a{display:inline-block;min-height:2.75rem;padding:.6rem 0}
.plain-chooser{border-top:1px solid var(--border);margin-top:1rem}
`;
