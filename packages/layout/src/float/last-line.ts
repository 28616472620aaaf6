import type { Fragment } from '../fragment.js';
import { identityOf, keepIdentity } from '../flow/fragments.js';

/** The last line box of a finished paragraph fragment: its top and the two ends of its content (lines-box coordinates). */
export interface LastLine {
  readonly top: number;
  readonly contentLeft: number;
  readonly contentRight: number;
}
const lastLines = new WeakMap<Fragment, LastLine>();

/*
 * Only a float right after a paragraph looks at its last line (besideLastLine). Line layout
 * notes every finished paragraph here, which costs nothing; the flow keeps the note
 * (keepLastLine) only when the paragraph's next sibling is a float: a WeakMap entry and an
 * object per paragraph were kept until the end of every render for nothing.
 */
let notedFragment: Fragment | null = null;
let notedTop = 0;
let notedFragments: readonly Fragment[] = [];
let notedFrom = 0;

export function noteLastLine(fragment: Fragment, top: number, fragments: readonly Fragment[], from = 0): void {
  notedFragment = fragment;
  notedTop = top;
  notedFragments = fragments;
  notedFrom = from;
}

/** A paragraph fragment was placed in a flow: keep its last line when a float follows it (`keep`); forget the note either way. */
export function keepLastLine(fragment: Fragment, keep: boolean): void {
  if (fragment !== notedFragment) return;
  if (keep) {
    let left = Infinity;
    let right = 0;
    for (let i = notedFrom; i < notedFragments.length; i++) {
      left = Math.min(left, notedFragments[i]!.x);
      right = Math.max(right, notedFragments[i]!.x + notedFragments[i]!.width);
    }
    keepIdentity(fragment);
    lastLines.set(fragment, { top: notedTop, contentLeft: Math.min(left, right), contentRight: right });
  }
  notedFragment = null;
  notedFragments = [];
}

export function lastLineOf(fragment: Fragment): LastLine | undefined {
  // The paragraph's fragment may have been moved since (a copy, flow/fragments.ts movedFragment).
  return lastLines.get(identityOf(fragment));
}
