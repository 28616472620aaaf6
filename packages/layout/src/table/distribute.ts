/**
 * Width distribution over columns (CSS Tables 3 §3.9.3 "width distribution algorithm", as
 * Chromium's TablesNG implements it in DistributeInlineSizeToComputedInlineSizeAuto): the
 * target lies between two of the guesses min ≤ percentage ≤ specified ≤ max, and the
 * columns of the kind that grows between those guesses share the difference.
 */
export interface ColumnConstraint {
  min: number;
  max: number;
  /** Percentage width (0–100), null when none. */
  percent: number | null;
  /** A fixed width from a cell or column (the column is "constrained"). */
  constrained: boolean;
}

/** Chromium lays out in LayoutUnits (1/64 px); flooring like LayoutUnit keeps sums matching its output. */
export function toUnit(v: number): number {
  return Math.floor(v * 64 + 1e-7) / 64;
}

export function percentSize(c: ColumnConstraint, target: number): number {
  return Math.max(c.min, toUnit(((c.percent ?? 0) * target) / 100));
}

export function distributeWidths(
  target: number,
  cols: readonly ColumnConstraint[],
  constrainedTarget: boolean,
): number[] {
  const guess = [0, 0, 0, 0];
  const increase = [0, 0, 0, 0];
  let nPercent = 0,
    nFixed = 0,
    nAuto = 0,
    totalPercent = 0,
    autoMax = 0,
    fixedMax = 0;
  for (const c of cols) {
    if (c.percent !== null) {
      const p = percentSize(c, target);
      nPercent++;
      totalPercent += c.percent;
      guess[0]! += c.min;
      guess[1]! += p;
      guess[2]! += p;
      guess[3]! += p;
      increase[1]! += p - c.min;
    } else if (c.constrained) {
      nFixed++;
      fixedMax += c.max;
      guess[0]! += c.min;
      guess[1]! += c.min;
      guess[2]! += c.max;
      guess[3]! += c.max;
      increase[2]! += c.max - c.min;
    } else {
      nAuto++;
      autoMax += c.max;
      guess[0]! += c.min;
      guess[1]! += c.min;
      guess[2]! += c.min;
      guess[3]! += c.max;
      increase[3]! += c.max - c.min;
    }
  }
  target = Math.max(target, guess[0]!);
  let start = 4;
  for (let i = 0; i < 4; i++)
    if (guess[i]! >= target) {
      start = i;
      break;
    }
  const share = (amount: number, part: number, total: number, count: number): number =>
    total > 0 ? toUnit((amount * part) / total) : toUnit(amount / count);
  switch (start) {
    case 0:
      return cols.map((c) => c.min);
    case 1: {
      const d = target - guess[0]!;
      return cols.map((c) =>
        c.percent !== null ? c.min + share(d, percentSize(c, target) - c.min, increase[1]!, nPercent) : c.min,
      );
    }
    case 2: {
      const d = target - guess[1]!;
      return cols.map((c) => {
        if (c.percent !== null) return percentSize(c, target);
        return c.constrained ? c.min + share(d, c.max - c.min, increase[2]!, nFixed) : c.min;
      });
    }
    case 3: {
      const d = target - guess[2]!;
      return withRemainder(
        target,
        cols,
        (c) => {
          if (c.percent !== null) return percentSize(c, target);
          return c.constrained ? c.max : c.min + share(d, c.max - c.min, increase[3]!, nAuto);
        },
        (c) => c.percent === null && !c.constrained,
      );
    }
    default:
      return aboveMax(
        target,
        target - guess[3]!,
        cols,
        { nAuto, nFixed, nPercent, autoMax, fixedMax, totalPercent },
        constrainedTarget,
      );
  }
}

interface Counts {
  nAuto: number;
  nFixed: number;
  nPercent: number;
  autoMax: number;
  fixedMax: number;
  totalPercent: number;
}

/** Every column is at its max: auto columns grow in proportion to their max, else fixed ones, else percent ones. */
function aboveMax(
  target: number,
  d: number,
  cols: readonly ColumnConstraint[],
  n: Counts,
  constrainedTarget: boolean,
): number[] {
  const base = (c: ColumnConstraint): number => (c.percent !== null ? percentSize(c, target) : c.max);
  const grow = (
    isGrowing: (c: ColumnConstraint) => boolean,
    weight: (c: ColumnConstraint) => number,
    total: number,
    count: number,
  ): number[] =>
    withRemainder(
      target,
      cols,
      (c) => (isGrowing(c) ? base(c) + (total > 0 ? toUnit((d * weight(c)) / total) : toUnit(d / count)) : base(c)),
      isGrowing,
    );
  if (n.nAuto > 0)
    return grow(
      (c) => c.percent === null && !c.constrained,
      (c) => c.max,
      n.autoMax,
      n.nAuto,
    );
  if (n.nFixed > 0 && constrainedTarget)
    return grow(
      (c) => c.percent === null && c.constrained,
      (c) => c.max,
      n.fixedMax,
      n.nFixed,
    );
  if (n.nPercent > 0)
    return grow(
      (c) => c.percent !== null,
      (c) => c.percent ?? 0,
      n.totalPercent,
      n.nPercent,
    );
  return cols.map(base);
}

/** Rounding leftovers go to the last growing column, as Chromium's remaining_deficit does. */
function withRemainder(
  target: number,
  cols: readonly ColumnConstraint[],
  size: (c: ColumnConstraint) => number,
  growing: (c: ColumnConstraint) => boolean,
): number[] {
  const out = cols.map(size);
  let last = -1;
  for (let i = 0; i < cols.length; i++) if (growing(cols[i]!)) last = i;
  if (last >= 0) {
    const sum = out.reduce((a, b) => a + b, 0);
    out[last]! += target - sum;
  }
  return out;
}
