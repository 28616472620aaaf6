/*
 * Monolithic overflow in print (CSS Fragmentation 3 §4.1: content that cannot break "may
 * overflow the fragmentainer"), as Chromium prints it, measured on its PDFs:
 *
 * - A box's bottom padding and border have no break opportunity inside them. When they do not
 *   fit below the box's content, the last resort is a break right before them: the fragment
 *   ends with the content (not at the page end), and the next page starts with the padding and
 *   border in one piece, however tall, overflowing the page.
 * - A child whose border box reaches past the end of the page (an image, a line, that padding)
 *   is monolithic overflow: when its container breaks, the container's content on the next page
 *   starts below what overflowed, and pages that it covers entirely hold none of the container's
 *   content. Boxes that clip their overflow take part like any other (what they clip still
 *   moves their own content on), and content after a container that ends on the page is not moved.
 */

import type { Resume } from './types.js';

const EPSILON = 1e-6;

/**
 * The height of the fragment of a box of auto height that ends on this page but does not fit:
 * its bottom padding and border go to the next page when there is something before them (a top
 * edge or content), else (a continuation holding only them) null: it overflows in one piece.
 */
export function heightBeforeEndEdges(height: number, bottomEdges: number, available: number): number | null {
  if (bottomEdges <= 0 || height <= available + EPSILON || height <= bottomEdges + EPSILON) return null;
  return height - bottomEdges;
}

/**
 * Where a box resumed below monolithic overflow starts its content: `below` is how far the
 * overflow reaches below the box's top (an ancestor that moved past it already moved the box);
 * null when it covers all the `room` the box has on this page.
 */
export function contentStartBelow(below: number, room: number): number | null {
  return below < room - EPSILON ? Math.max(0, below) : null;
}

/**
 * The resume after a page that the overflow covers entirely: the box and its broken descendants
 * (whose resumes hold the same overflow, measured from the page top) count it from the next page.
 */
export function overflowPastPage(resume: Resume, pageRoom: number): Resume {
  if (resume.kind !== 'block') return resume;
  const inner = resume.inner && overflowPastPage(resume.inner, pageRoom);
  const rest = (resume.overflow ?? 0) - pageRoom;
  const { overflow: _, ...plain } = resume;
  return rest > EPSILON ? { ...plain, inner, overflow: rest } : { ...plain, inner };
}
