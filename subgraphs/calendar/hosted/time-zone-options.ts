import { html, trustedHtml, type SafeHtml } from '../../../platform/http/html/html.js';

/** Every zone this Node knows (as the picker's script lists the browser's), and UTC. */
const ZONES = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();

const option = (zone: string, selected: boolean): SafeHtml =>
  html`<option value="${zone}"${selected ? html` selected` : ''}>${zone.replace(/_/g, ' ')}</option>`;

/** Built once: the zones are the runtime's own names; only the chosen one changes per page. */
const OPTIONS = new Map(ZONES.map((zone) => [zone, option(zone, false).value]));
const ALL = [...OPTIONS.values()].join('');

/** The `<option>`s of a time-zone select with `selected` chosen (added when the runtime lists it under another name). */
export function timeZoneOptions(selected: string): SafeHtml {
  const plain = OPTIONS.get(selected);
  if (plain) return trustedHtml(ALL.replace(plain, option(selected, true).value));
  return html`${option(selected, true)}${trustedHtml(ALL)}`;
}
