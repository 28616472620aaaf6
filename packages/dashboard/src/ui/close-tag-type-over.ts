/**
 * lang-html's autoCloseTags inserts `</p>` when `<p>` is typed, and completes
 * `</` to `</p>`; a user who then types the close tag in full got it twice
 * (`<p>x</p></p>`). This lets the typing run over what was inserted, as
 * closeBrackets does for brackets:
 * - a close tag inserted after the cursor ("over"): typing its characters moves
 *   the cursor through it; a character that departs from it is inserted, with
 *   the part already run over, before the tag (so `<b` before `</p>` stays `<b`);
 * - a completion before the cursor ("swallow", `</` + `p>`): typing `p>` again
 *   is absorbed.
 * Anything else (another edit of the tag, a click elsewhere) ends the tracking.
 */
import {
  EditorSelection,
  Prec,
  StateEffect,
  StateField,
  type EditorState,
  type Extension,
  type Transaction,
} from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';

interface Pending {
  readonly mode: 'over' | 'swallow';
  /** Where the next typed character is compared with `rest`. */
  readonly pos: number;
  /** What was inserted and is not yet typed. */
  readonly rest: string;
  /** "over" only: characters of the tag already run over (just before `pos`). */
  readonly done: string;
}

const setPending = StateEffect.define<readonly Pending[]>();

/** A pending close tag run over partly, then left: back to the tag as a whole. */
const rewind = (p: Pending): Pending => ({ ...p, pos: p.pos - p.done.length, rest: p.done + p.rest, done: '' });

/** What autoCloseTags (userEvent `input.complete`) just inserted, as a new Pending. */
function inserted(tr: Transaction): Pending | null {
  if (!tr.isUserEvent('input.complete') || tr.newSelection.ranges.length !== 1) return null;
  const head = tr.newSelection.main.head;
  let found: Pending | null = null;
  tr.changes.iterChanges((_fromA, _toA, fromB, toB, text) => {
    const s = text.toString();
    if (head === fromB && /^<\/[^<>\s]+>$/.test(s)) found = { mode: 'over', pos: fromB, rest: s, done: '' };
    else if (head === toB && /^[^<>\s]+>$/.test(s) && tr.newDoc.sliceString(fromB - 2, fromB) === '</') {
      found = { mode: 'swallow', pos: toB, rest: s, done: '' };
    }
  });
  return found;
}

function stillValid(p: Pending, state: EditorState): Pending | null {
  const sel = state.selection;
  const cursorHere = sel.ranges.length === 1 && sel.main.empty && sel.main.head === p.pos;
  if (p.mode === 'swallow') return cursorHere ? p : null;
  const q = p.done && !cursorHere ? rewind(p) : p;
  return state.doc.sliceString(q.pos - q.done.length, q.pos + q.rest.length) === q.done + q.rest ? q : null;
}

const pending = StateField.define<readonly Pending[]>({
  create: () => [],
  update(list, tr) {
    for (const e of tr.effects) if (e.is(setPending)) return e.value;
    const mapped = list.map((p) => ({ ...p, pos: tr.changes.mapPos(p.pos, 1) }));
    const added = inserted(tr);
    if (added) mapped.push(added);
    return mapped.map((p) => stillValid(p, tr.state)).filter((p): p is Pending => p !== null);
  },
});

/** The pending entry the cursor sits at, if the selection is one empty cursor. */
function at(state: EditorState): { list: readonly Pending[]; index: number } {
  const list = state.field(pending);
  const sel = state.selection;
  if (sel.ranges.length !== 1 || !sel.main.empty) return { list, index: -1 };
  return { list, index: list.findIndex((p) => p.pos === sel.main.head) };
}

const typeOver = EditorView.inputHandler.of((view, from, to, text) => {
  if (view.composing || from !== to || text.length !== 1) return false;
  const { list, index } = at(view.state);
  const p = list[index];
  if (!p || p.pos !== from) return false;
  const others = list.filter((_, i) => i !== index);
  const rest = p.rest.slice(1);
  if (text === p.rest[0]) {
    const next = rest
      ? [...others, { ...p, pos: p.mode === 'over' ? p.pos + 1 : p.pos, rest, done: p.done + text }]
      : others;
    view.dispatch({
      selection: EditorSelection.cursor(p.mode === 'over' ? p.pos + 1 : p.pos),
      effects: setPending.of(next),
      userEvent: 'input.type',
    });
    return true;
  }
  if (p.mode === 'swallow' || !p.done) {
    // Typed before the tag: let it through; the tag stays pending, mapped past the insertion.
    if (p.mode === 'swallow') view.dispatch({ effects: setPending.of(others) });
    return false;
  }
  // Departed from a tag partly run over: what was run over was meant as typing.
  const start = p.pos - p.done.length;
  const insert = p.done + text;
  view.dispatch({
    changes: { from: start, insert },
    selection: EditorSelection.cursor(start + insert.length),
    effects: setPending.of([
      ...others.map((o) => ({ ...o, pos: o.pos >= start ? o.pos + insert.length : o.pos })),
      rewind({ ...p, pos: p.pos + insert.length }),
    ]),
    userEvent: 'input.type',
  });
  return true;
});

/** Backspace inside a tag being run over steps back instead of deleting the tag's own text. */
const stepBack = keymap.of([
  {
    key: 'Backspace',
    run(view) {
      const { list, index } = at(view.state);
      const p = list[index];
      if (!p || p.mode !== 'over' || !p.done) return false;
      const back = { ...p, pos: p.pos - 1, rest: p.done.slice(-1) + p.rest, done: p.done.slice(0, -1) };
      view.dispatch({
        selection: EditorSelection.cursor(back.pos),
        effects: setPending.of(list.map((q, i) => (i === index ? back : q))),
      });
      return true;
    },
  },
]);

/** Add next to `html({ autoCloseTags: true })`; runs before it. */
export function closeTagTypeOver(): Extension {
  return [pending, Prec.high(typeOver), Prec.high(stepBack)];
}
