/**
 * The floats of one block formatting context (CSS 2.1 §9.5), as margin boxes in the
 * coordinates of the BFC root's border box. Line boxes and later floats are placed
 * around them; `clear` moves boxes below them (§9.5.2).
 */
export interface FloatArea {
  readonly side: 'left' | 'right';
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  /** Broken at the page end (its rest is on the next page): what clears it goes there too. */
  readonly broken?: boolean;
}

/** What a Space carries for its box: the BFC's floats and where the space sits in the BFC. */
export interface FloatContext {
  readonly exclusions: ExclusionSpace;
  /** The containing block's content-box left edge, in BFC coordinates. */
  readonly x: number;
  /** Where the space's `marginAbove` starts, in BFC coordinates. */
  readonly y: number;
}

const EPSILON = 1e-6;

export class ExclusionSpace {
  readonly floats: FloatArea[] = [];
  /**
   * Floats placed while the margins above them still collapse, before any content fixes where
   * those margins end (Chromium's adjoining floats): they go where the margins resolve, so they
   * follow the margins collapsed so far. `start` is where the margins begin, `at` where they end now.
   */
  private open: { start: number; at: number; readonly floats: number[] } | null = null;

  get isEmpty(): boolean {
    return this.floats.length === 0;
  }

  /** The lowest margin-box bottom of the floats on `side` ('both': either), or -Infinity. */
  clearance(side: 'left' | 'right' | 'both' | 'none'): number {
    let y = -Infinity;
    if (side === 'none') return y;
    for (const f of this.floats) if (side === 'both' || f.side === side) y = Math.max(y, f.bottom);
    return y;
  }

  /** Sides with a float that moved whole to the next page. */
  private readonly movedOn = { left: false, right: false };

  /**
   * Does `clear: side` move a box below a float that continues on the next page (broken at the
   * page end, or moved there whole), so onto the next page?
   */
  clearsPastPage(side: 'left' | 'right' | 'both' | 'none'): boolean {
    if (side === 'none') return false;
    if (side === 'both' ? this.movedOn.left || this.movedOn.right : this.movedOn[side]) return true;
    return this.floats.some((f) => f.broken === true && (side === 'both' || f.side === side));
  }

  /** A float on `side` moved whole to the next page. */
  markMovedOn(side: 'left' | 'right'): void {
    this.movedOn[side] = true;
  }

  /** The float placed last is broken at the page end. */
  markLastBroken(): void {
    const last = this.floats.length - 1;
    this.floats[last] = { ...this.floats[last]!, broken: true };
  }

  /** The lowest float bottom (a BFC root grows to contain its floats, CSS 2.1 §10.6.7). */
  bottom(): number {
    return this.clearance('both');
  }

  /** Does any float reach below `y` between `left` and `right`? */
  affects(left: number, right: number, y: number): boolean {
    return this.floats.some((f) => f.bottom > y + EPSILON && f.right > left + EPSILON && f.left < right - EPSILON);
  }

  /** The free span of [left, right] over the band [top, top + height) (a zero height still counts the line at `top`). */
  available(left: number, right: number, top: number, height: number): { left: number; right: number } {
    let l = left;
    let r = right;
    const bandBottom = top + Math.max(height, EPSILON * 2);
    for (const f of this.floats) {
      if (f.bottom <= top + EPSILON || f.top >= bandBottom - EPSILON) continue;
      if (f.side === 'left') l = Math.max(l, f.right);
      else r = Math.min(r, f.left);
    }
    return { left: l, right: r };
  }

  /** The next float bottom below `y` (where the free span may widen), or null. */
  nextBottom(y: number): number | null {
    let next: number | null = null;
    for (const f of this.floats) if (f.bottom > y + EPSILON && (next === null || f.bottom < next)) next = f.bottom;
    return next;
  }

  /** The open margins that begin at `start` now end at `at`: the floats placed while they were open move with them. */
  followMargins(start: number, at: number): void {
    const open = this.open;
    if (!open) return;
    if (Math.abs(open.start - start) > EPSILON) {
      this.open = null;
      return;
    }
    this.moveOpen(at);
  }

  /** The float placed last went to `at`, on margins open from `start`. */
  keepOpen(start: number, at: number): void {
    this.followMargins(start, at);
    const last = this.floats.length - 1;
    if (this.open) this.open.floats.push(last);
    else this.open = { start, at, floats: [last] };
  }

  /** Content (or an edge, clearance, a formatting context's end) fixed the open margins to end at `at`: their floats stay there. */
  settleMargins(at: number): void {
    if (!this.open) return;
    this.moveOpen(at);
    this.open = null;
  }

  private moveOpen(at: number): void {
    const open = this.open!;
    const dy = at - open.at;
    open.at = at;
    if (dy === 0) return;
    for (const i of open.floats) {
      const f = this.floats[i]!;
      this.floats[i] = { ...f, top: f.top + dy, bottom: f.bottom + dy };
    }
  }

  /**
   * Place a float's margin box (CSS 2.1 §9.5.1): no higher than `y` nor than an earlier float's
   * top (rule 5), as high as possible where it fits beside the other floats (rules 2, 3, 7, 8),
   * as far to its side as possible (rule 9). Returns the margin box's top-left corner.
   */
  place(
    side: 'left' | 'right',
    width: number,
    height: number,
    y: number,
    left: number,
    right: number,
  ): { x: number; y: number } {
    let top = y;
    for (const f of this.floats) top = Math.max(top, f.top);
    for (;;) {
      const span = this.available(left, right, top, height);
      const fits = span.right - span.left >= width - EPSILON;
      const next = this.nextBottom(top);
      const blocked = span.left > left + EPSILON || span.right < right - EPSILON;
      if (fits || next === null || !blocked) {
        const x = side === 'left' ? span.left : span.right - width;
        this.floats.push({ side, left: x, right: x + width, top, bottom: top + height });
        return { x, y: top };
      }
      top = next;
    }
  }
}
