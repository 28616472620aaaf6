/**
 * Which end tags the HTML tree builder ignores because the element they name is open but out
 * of scope (WHATWG HTML §13.2.4.2 "has an element in scope"): htmlparser2 closes every element
 * up to any open one of that name, so a stray `</td>` in a cell of a nested table (a `<th>`
 * closed by `</td>`, common in hand-written templates) closed the whole inner table and put
 * its remaining rows in the outer cell. Browsers ignore such an end tag: `</td>`, `</tr>` and the
 * other table end tags look no further than the nearest table (table scope, §13.2.6.4.9–15);
 * others stop at a cell, caption or table too (the default scope, "in body" §13.2.6.4.7), `</li>`
 * also at a list, `</p>` at a button.
 */
const DEFAULT_SCOPE = ['applet', 'caption', 'html', 'table', 'td', 'th', 'marquee', 'object', 'template'];
const TABLE_SCOPE = new Set(['html', 'table', 'template']);
const SCOPE = new Set(DEFAULT_SCOPE);
const LIST_ITEM_SCOPE = new Set([...DEFAULT_SCOPE, 'ol', 'ul']);
const BUTTON_SCOPE = new Set([...DEFAULT_SCOPE, 'button']);
const TABLE_END_TAGS = new Set(['table', 'caption', 'colgroup', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th']);

function scopeOf(name: string): ReadonlySet<string> {
  if (TABLE_END_TAGS.has(name)) return TABLE_SCOPE;
  if (name === 'li') return LIST_ITEM_SCOPE;
  if (name === 'p') return BUTTON_SCOPE;
  return SCOPE;
}

/**
 * Whether the end tag `name` is ignored: the nearest open element of that name (`at`
 * positions from the top of the stack of open elements, `nameAt(i)` the i-th from the top) lies
 * beyond an element that bounds its scope.
 */
export function endTagOutOfScope(name: string, at: number, nameAt: (i: number) => string | undefined): boolean {
  if (at <= 0) return false;
  const scope = scopeOf(name);
  for (let i = 0; i < at; i++) if (scope.has(nameAt(i)!)) return true;
  return false;
}

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

export function isHeading(name: string): boolean {
  return HEADINGS.has(name);
}

/**
 * The open heading an `</h1>`…`</h6>` end tag closes: the nearest one of any level in scope
 * (WHATWG HTML §13.2.6.4.7, "pop elements until an h1, h2, h3, h4, h5, or h6 element has been
 * popped"), so `<h3>Index</h4>` is a closed h3 in browsers, where htmlparser2 only closes an
 * element of the same name and left the rest of the document inside the h3. Null: none is in
 * scope, and the end tag is ignored.
 */
export function headingClosedBy(nameAt: (i: number) => string | undefined): string | null {
  for (let i = 0; ; i++) {
    const name = nameAt(i);
    if (name === undefined || SCOPE.has(name)) return null;
    if (HEADINGS.has(name)) return name;
  }
}
