import type { Document } from 'domhandler';

/** The document's mode (WHATWG HTML §13.2.6.4.1, "the initial insertion mode"). */
export type DocumentMode = 'no-quirks' | 'limited-quirks' | 'quirks';

/** Public identifiers that set quirks mode when they start the doctype's public id (compared ASCII case-insensitively). */
const QUIRKS_PUBLIC_PREFIXES = [
  '+//silmaril//dtd html pro v0r11 19970101//',
  '-//as//dtd html 3.0 aswedit + extensions//',
  '-//advasoft ltd//dtd html 3.0 aswedit + extensions//',
  '-//ietf//dtd html 2.0 level 1//',
  '-//ietf//dtd html 2.0 level 2//',
  '-//ietf//dtd html 2.0 strict level 1//',
  '-//ietf//dtd html 2.0 strict level 2//',
  '-//ietf//dtd html 2.0 strict//',
  '-//ietf//dtd html 2.0//',
  '-//ietf//dtd html 2.1e//',
  '-//ietf//dtd html 3.0//',
  '-//ietf//dtd html 3.2 final//',
  '-//ietf//dtd html 3.2//',
  '-//ietf//dtd html 3//',
  '-//ietf//dtd html level 0//',
  '-//ietf//dtd html level 1//',
  '-//ietf//dtd html level 2//',
  '-//ietf//dtd html level 3//',
  '-//ietf//dtd html strict level 0//',
  '-//ietf//dtd html strict level 1//',
  '-//ietf//dtd html strict level 2//',
  '-//ietf//dtd html strict level 3//',
  '-//ietf//dtd html strict//',
  '-//ietf//dtd html//',
  '-//metrius//dtd metrius presentational//',
  '-//microsoft//dtd internet explorer 2.0 html strict//',
  '-//microsoft//dtd internet explorer 2.0 html//',
  '-//microsoft//dtd internet explorer 2.0 tables//',
  '-//microsoft//dtd internet explorer 3.0 html strict//',
  '-//microsoft//dtd internet explorer 3.0 html//',
  '-//microsoft//dtd internet explorer 3.0 tables//',
  '-//netscape comm. corp.//dtd html//',
  '-//netscape comm. corp.//dtd strict html//',
  "-//o'reilly and associates//dtd html 2.0//",
  "-//o'reilly and associates//dtd html extended 1.0//",
  "-//o'reilly and associates//dtd html extended relaxed 1.0//",
  '-//sq//dtd html 2.0 hotmetal + extensions//',
  '-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//',
  '-//softquad//dtd hotmetal pro 4.0::19971010::extensions to html 4.0//',
  '-//spyglass//dtd html 2.0 extended//',
  '-//sun microsystems corp.//dtd hotjava html//',
  '-//sun microsystems corp.//dtd hotjava strict html//',
  '-//w3c//dtd html 3 1995-03-24//',
  '-//w3c//dtd html 3.2 draft//',
  '-//w3c//dtd html 3.2 final//',
  '-//w3c//dtd html 3.2//',
  '-//w3c//dtd html 3.2s draft//',
  '-//w3c//dtd html 4.0 frameset//',
  '-//w3c//dtd html 4.0 transitional//',
  '-//w3c//dtd html experimental 19960712//',
  '-//w3c//dtd html experimental 970421//',
  '-//w3c//dtd w3 html//',
  '-//w3o//dtd w3 html 3.0//',
  '-//webtechs//dtd mozilla html 2.0//',
  '-//webtechs//dtd mozilla html//',
];
const QUIRKS_PUBLIC_IDS = new Set([
  '-//w3o//dtd w3 html strict 3.0//en//',
  '-/w3c/dtd html 4.0 transitional/en',
  'html',
]);
const QUIRKS_SYSTEM_ID = 'http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd';
/** HTML 4.01 Frameset and Transitional: quirks without a system id, limited quirks with one. */
const HTML401_LOOSE = ['-//w3c//dtd html 4.01 frameset//', '-//w3c//dtd html 4.01 transitional//'];
const XHTML10_LOOSE = ['-//w3c//dtd xhtml 1.0 frameset//', '-//w3c//dtd xhtml 1.0 transitional//'];

interface Doctype {
  readonly name: string;
  readonly publicId: string | null;
  readonly systemId: string | null;
}

/**
 * The mode the doctype sets: no doctype is quirks mode; so are many legacy public ids, while
 * XHTML 1.0 and HTML 4.01 Transitional/Frameset (with a system id) set limited-quirks mode,
 * where only the line height quirks apply (Quirks Mode §3.3, §3.4).
 */
export function documentMode(doc: Document): DocumentMode {
  const directive = doc.children.find(
    (n) => n.type === 'directive' && /^!doctype/i.test((n as { data?: string }).data ?? ''),
  ) as { data: string } | undefined;
  if (!directive) return 'quirks';
  const doctype = parseDoctype(directive.data);
  if (!doctype || doctype.name !== 'html') return 'quirks';
  const pub = doctype.publicId?.toLowerCase() ?? null;
  const sys = doctype.systemId?.toLowerCase() ?? null;
  const startsWithAny = (prefixes: readonly string[]): boolean =>
    pub !== null && prefixes.some((p) => pub.startsWith(p));
  if (
    (pub !== null && QUIRKS_PUBLIC_IDS.has(pub)) ||
    sys === QUIRKS_SYSTEM_ID ||
    startsWithAny(QUIRKS_PUBLIC_PREFIXES) ||
    (sys === null && startsWithAny(HTML401_LOOSE))
  )
    return 'quirks';
  if (startsWithAny(XHTML10_LOOSE) || (sys !== null && startsWithAny(HTML401_LOOSE))) return 'limited-quirks';
  return 'no-quirks';
}

/** `!DOCTYPE name [PUBLIC "pub" ["sys"] | SYSTEM "sys"]`; null when malformed (the force-quirks flag, HTML §13.2.5.53ff). */
function parseDoctype(data: string): Doctype | null {
  const m =
    /^!doctype\s*([^\s"']*)\s*(?:(public)\s*("[^"]*"|'[^']*')\s*("[^"]*"|'[^']*')?|(system)\s*("[^"]*"|'[^']*'))?\s*$/i.exec(
      data,
    );
  if (!m || m[1] === '') return null;
  const unquote = (s: string | undefined): string | null => (s === undefined ? null : s.slice(1, -1));
  return {
    name: m[1]!.toLowerCase(),
    publicId: m[2] ? unquote(m[3]) : null,
    systemId: m[2] ? unquote(m[4]) : unquote(m[6]),
  };
}
