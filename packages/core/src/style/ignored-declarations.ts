import type { Diagnostic } from '@platen/layout';
import type { IgnoredDeclaration } from './cascade.js';
import { CHROMIUM_PROPERTIES } from './chromium-properties.js';

/** At most this many css_ignored_declaration warnings per render: the API answers 50 warnings in all. */
export const MAX_IGNORED_DECLARATIONS = 10;

/** Most telling first: a name no browser knows (a typo), a value that does not parse, then what Platen lacks. */
const REASONS = {
  'unknown property': { rank: 0, text: 'unknown property' },
  'invalid value': { rank: 1, text: 'invalid or unsupported value' },
  unsupported: { rank: 2, text: 'property not supported by Platen' },
} as const;

/**
 * Properties Chromium parses whose effect a printed page never shows (interaction, animation,
 * speech, scrolling): that Platen drops them changes nothing, so they are not reported.
 */
const NO_PRINTED_EFFECT =
  /^(transition|animation|cursor|pointer-events|user-select|speak|color-scheme|will-change|caret|scroll-|touch-action|resize|overscroll-|view-transition|interactivity)/;

/** A value written for other browsers: a vendor-prefixed keyword or function, or IE's `\9` hack. */
const OTHER_BROWSERS = /(^|[\s,(])-(moz|ms|o|webkit)-|\\9\s*$/i;

/**
 * One `css_ignored_declaration` warning per distinct property, value and reason, at most
 * MAX_IGNORED_DECLARATIONS (then one that counts the rest). What Chromium drops as well because
 * it was written for other browsers is not reported, as a warning would only be noise: vendor-
 * prefixed names (`-moz-`, `-ms-`, `-o-`, `-webkit-` ones it does not know; Outlook's `mso-`), values with
 * vendor-prefixed keywords or functions, IE hacks (`_name`, `*name`, `\9`); nor are properties
 * with no printed effect (NO_PRINTED_EFFECT).
 */
export function ignoredDeclarationDiagnostics(ignored: Iterable<IgnoredDeclaration>): Diagnostic[] {
  const distinct = new Map<string, { d: IgnoredDeclaration; reason: keyof typeof REASONS }>();
  for (const d of ignored) {
    if (/^([-_*]|mso-)/.test(d.name) || NO_PRINTED_EFFECT.test(d.name) || OTHER_BROWSERS.test(d.value)) continue;
    const reason = d.reason === 'unknown property' && CHROMIUM_PROPERTIES.has(d.name) ? 'unsupported' : d.reason;
    // A property Platen does not know is told once, whatever its values.
    const key = `${reason}\u0000${d.name}\u0000${reason === 'invalid value' ? d.value : ''}`;
    if (!distinct.has(key)) distinct.set(key, { d, reason });
  }
  const sorted = [...distinct.values()].sort((a, b) => REASONS[a.reason].rank - REASONS[b.reason].rank);
  const out: Diagnostic[] = sorted.slice(0, MAX_IGNORED_DECLARATIONS).map(({ d, reason }) => ({
    severity: 'warning',
    code: 'css_ignored_declaration',
    message: `Ignored CSS declaration "${d.name}: ${shorten(d.value)}"${d.line === undefined ? ' (style attribute)' : ` (line ${d.line})`}: ${REASONS[reason].text}`,
  }));
  const more = sorted.length - out.length;
  if (more > 0)
    out.push({
      severity: 'warning',
      code: 'css_ignored_declaration',
      message: `${more} more CSS declaration${more === 1 ? ' was' : 's were'} ignored`,
    });
  return out;
}

function shorten(value: string): string {
  return value.length > 60 ? `${value.slice(0, 59)}…` : value;
}
