import type { BoxFragment, Fragment } from '@platen/layout';
import { ObjectRef, type PackedObject, packObjects, pdfText, pdfValue, reserveObject } from './object-streams.js';

/**
 * The structure tree of a tagged PDF (ISO 32000-1 §14.7, §14.8.4), from the HTML's semantics.
 *
 * Pages are painted one at a time in stacking order, not document order, so each page layer is
 * first walked in tree order (`indexPage`): every element with a structure type becomes one
 * structure element (found again on later pages through its `attrs` object, which all the
 * fragments of one element share: an element split across pages stays one), and every text
 * and image fragment gets a content slot in its nearest such ancestor, in document order.
 * Painting then wraps each fragment in `/S <</MCID n>> BDC … EMC` (`open`/`close`), and
 * `write` puts the tree into the file with the parent tree that maps MCIDs back to elements.
 */

/** A piece of marked content: the MCID its fragment got on its page, once painted. */
interface Slot {
  readonly owner: StructNode;
  page: PageRef | null;
  mcid: number;
}

/** An annotation (a link) that belongs to a structure element (§14.7.4.3: an OBJR). */
interface AnnotationKid {
  readonly annotation: PdfRef;
  readonly page: PageRef;
}

type Kid = StructNode | Slot | AnnotationKid;

interface StructNode {
  readonly type: string;
  readonly parent?: StructNode;
  readonly attrs: Readonly<Record<string, string>>;
  readonly kids: Kid[];
  /** A list item's LBody, made when its first content that is not the marker comes. */
  body?: StructNode;
}

/** PDFKit's reference objects (not in @types/pdfkit). */
interface PdfRef {
  readonly id: number;
  data: Record<string, unknown>;
  end(): void;
  finalize(): void;
}
type PageRef = PdfRef;
interface PdfKitDoc {
  ref(data: Record<string, unknown>): PdfRef;
  readonly page: { readonly dictionary: PageRef; readonly annotations: PdfRef[] };
  readonly _root: { data: Record<string, unknown> };
}

/**
 * Structure types of HTML elements (PDF/UA's mapping, as Chromium's tagged prints make it). A
 * Map: an object's lookup of a tag named `constructor` or `tostring` found Object.prototype's
 * function and wrote its source as the structure type (a corrupt file).
 */
const TYPES: ReadonlyMap<string, string> = new Map([
  ['h1', 'H1'],
  ['h2', 'H2'],
  ['h3', 'H3'],
  ['h4', 'H4'],
  ['h5', 'H5'],
  ['h6', 'H6'],
  ['p', 'P'],
  ['blockquote', 'BlockQuote'],
  ['pre', 'P'],
  ['address', 'P'],
  ['ul', 'L'],
  ['ol', 'L'],
  ['dl', 'L'],
  ['li', 'LI'],
  ['dt', 'Lbl'],
  ['dd', 'LBody'],
  ['table', 'Table'],
  ['thead', 'THead'],
  ['tbody', 'TBody'],
  ['tfoot', 'TFoot'],
  ['tr', 'TR'],
  ['th', 'TH'],
  ['td', 'TD'],
  ['caption', 'Caption'],
  ['figure', 'Figure'],
  ['figcaption', 'Caption'],
  ['img', 'Figure'],
  ['section', 'Sect'],
  ['article', 'Art'],
  ['main', 'Div'],
  ['nav', 'Div'],
  ['aside', 'Div'],
  ['header', 'Div'],
  ['footer', 'Div'],
  ['div', 'Div'],
  ['code', 'Code'],
  ['q', 'Quote'],
]);

/** The structure type of a box, or null when its content belongs to its parent's element. */
function structType(f: BoxFragment): string | null {
  const tag = f.tag;
  if (tag === 'a') return f.attrs.href ? 'Link' : null;
  if (tag === '::marker') return 'Lbl';
  // Any other element that changes the language is a Span with its /Lang (PDF/UA-1 §7.2).
  return TYPES.get(tag) ?? (f.attrs.lang && tag !== 'html' && tag !== 'body' ? 'Span' : null);
}

/**
 * A header cell's /Scope (PDF/UA-1 §7.5): from `scope`, else as HTML's auto state assigns
 * headers (HTML §4.9.12.2): a row of header cells only (or in the `thead`) heads columns;
 * a header cell in a row with data cells heads its row.
 */
function headerScope(th: StructNode): string {
  const scope = th.attrs.scope?.toLowerCase();
  if (scope === 'col') return 'Column';
  if (scope === 'row') return 'Row';
  if (scope === 'colgroup' || scope === 'rowgroup') return 'Both';
  const row = th.parent;
  if (!row || row.type !== 'TR') return 'Column';
  const onlyHeaders = row.kids.every((k) => !('kids' in k) || k.type === 'TH');
  return onlyHeaders || row.parent?.type === 'THead' ? 'Column' : 'Row';
}

/** What a link is for, as its annotation's /Contents (PDF/UA-1 §7.18.5): its label, else its text, else its address. */
function linkDescription(box: BoxFragment): string {
  const label = box.attrs['aria-label'] ?? box.attrs.title;
  if (label?.trim()) return label.trim();
  const text: string[] = [];
  const collect = (f: Fragment): void => {
    if (f.kind === 'text') for (const run of f.runs) text.push(run.text);
    else if (f.kind === 'box') f.children.forEach(collect);
  };
  collect(box);
  return text.join('').replace(/\s+/g, ' ').trim() || (box.attrs.href ?? '');
}

/** The text a Figure stands for: `alt`, else an inline SVG's `aria-label` (HTML-AAM). */
export function altText(attrs: Readonly<Record<string, string>>): string | undefined {
  return attrs.alt ?? attrs['aria-label'];
}

export class StructureTree {
  readonly #root: StructNode = { type: 'Document', attrs: {}, kids: [] };
  /** Elements by their attributes object: the identity every fragment of one element shares. */
  readonly #elements = new WeakMap<object, StructNode>();
  /** Content slots of the page being painted. */
  #slots = new Map<Fragment, Slot>();
  /** Per page painted, the elements of its MCIDs in order (the page's parent tree entry). */
  readonly #pages: { key: number; page: PageRef; owners: StructNode[] }[] = [];
  #current: { key: number; page: PageRef; owners: StructNode[] } | null = null;
  /** Link boxes of the page, to attach their annotations to. */
  #links = new Map<BoxFragment, StructNode>();
  readonly #annotationOwners: { key: number; node: StructNode }[] = [];
  /** The next parent tree key: pages and annotations take them in the order they come. */
  #nextKey = 0;

  /** Walk a page's body in tree order before it is painted. */
  indexPage(fragments: readonly Fragment[]): void {
    this.#slots = new Map();
    this.#links = new Map();
    this.#current = null;
    for (const f of fragments) this.#visit(f, this.#root);
  }

  #visit(f: Fragment, parent: StructNode): void {
    if (f.kind !== 'box') {
      // A list item's content outside its marker goes in its LBody (§14.8.4.3.3).
      let owner = parent;
      if (parent.type === 'LI') owner = parent.body ??= this.#child(parent, 'LBody', {});
      const slot: Slot = { owner, page: null, mcid: -1 };
      owner.kids.push(slot);
      this.#slots.set(f, slot);
      return;
    }
    // A decorative image (alt="") is an artifact: its content gets no slot (HTML-AAM, PDF/UA-1 §7.3).
    if (f.tag === 'img' && f.attrs.alt === '') return;
    const type = structType(f);
    let node = parent;
    if (type) {
      const known = type === 'Lbl' && f.tag === '::marker' ? undefined : this.#elements.get(f.attrs);
      if (known) node = known;
      else {
        const into =
          parent.type === 'LI' && type !== 'Lbl' ? (parent.body ??= this.#child(parent, 'LBody', {})) : parent;
        node = this.#child(into, type, f.attrs);
        if (f.tag !== '::marker') this.#elements.set(f.attrs, node);
      }
      if (type === 'Link') this.#links.set(f, node);
    }
    for (const c of f.children) this.#visit(c, node);
  }

  #child(parent: StructNode, type: string, attrs: Readonly<Record<string, string>>): StructNode {
    const node: StructNode = { type, attrs, kids: [], parent };
    // A list item's label comes before its body, wherever its marker box is in the tree.
    if (type === 'Lbl' && parent.type === 'LI') parent.kids.unshift(node);
    else parent.kids.push(node);
    return node;
  }

  /**
   * The operator opening a fragment's marked content on the current page: its element's MCID,
   * or `/Artifact BMC` for what is no content (a fragment of the chrome, a carried slice).
   * `ops.push('EMC')` closes either.
   */
  open(doc: unknown, f: Fragment): string {
    const slot = this.#slots.get(f);
    if (!slot || slot.page) return '/Artifact BMC';
    const page = (doc as PdfKitDoc).page.dictionary;
    if (this.#current?.page !== page) {
      this.#current = { key: this.#nextKey++, page, owners: [] };
      this.#pages.push(this.#current);
    }
    slot.page = page;
    slot.mcid = this.#current.owners.length;
    this.#current.owners.push(slot.owner);
    return `/${slot.owner.type} <</MCID ${slot.mcid}>> BDC`;
  }

  /**
   * Whether `next`, painted right after `prev` (whose marked content is still open), is content
   * of the same element: then it joins that marked content (same MCID) instead of opening its own.
   */
  continues(prev: Fragment, next: Fragment): boolean {
    const a = this.#slots.get(prev);
    const b = this.#slots.get(next);
    if (!a?.page || !b || b.page || a.owner !== b.owner) return false;
    b.page = a.page;
    b.mcid = a.mcid;
    return true;
  }

  /** A link box's annotation gets its parent tree key (§14.7.4.4) and a description as it is made. */
  annotationEntries(box: BoxFragment): Record<string, unknown> | undefined {
    return this.#links.has(box)
      ? { StructParent: this.#nextKey, Contents: new String(linkDescription(box).slice(0, 1000)) }
      : undefined;
  }

  /** The annotation just made for a link box joins its Link element (as an OBJR). */
  annotationMade(doc: unknown, box: BoxFragment): void {
    const pdf = doc as PdfKitDoc;
    const node = this.#links.get(box);
    const annotation = pdf.page.annotations[pdf.page.annotations.length - 1];
    if (!node || !annotation) return;
    node.kids.push({ annotation, page: pdf.page.dictionary });
    this.#annotationOwners.push({ key: this.#nextKey++, node });
  }

  /**
   * An annotation made outside the HTML (a signature's widget) as a structure element of its
   * own at the end of the Document, holding it as an OBJR; returns its /StructParent key.
   */
  annotationElement(type: string, annotation: PdfRef, page: PageRef): number {
    const node = this.#child(this.#root, type, {});
    node.kids.push({ annotation, page });
    this.#annotationOwners.push({ key: this.#nextKey, node });
    return this.#nextKey++;
  }

  /** Write the tree: StructTreeRoot, its elements, the parent tree, MarkInfo, each page's StructParents. */
  write(doc: unknown): void {
    const pdf = doc as PdfKitDoc;
    // Elements are written straight into the object streams (no PDFKit ref or dictionary per
    // element: a table has one per cell), numbered in the order PDFKit's refs took.
    const refs = new Map<StructNode, ObjectRef>();
    const elements: PackedObject[] = [];
    const hasContent = withContent(this.#root);
    const root = pdf.ref({ Type: 'StructTreeRoot' });
    const make = (node: StructNode, parent: { readonly id: number }): ObjectRef | null => {
      if (!hasContent.has(node)) return null;
      const ref = new ObjectRef(reserveObject(pdf));
      refs.set(node, ref);
      const element = { id: ref.id, body: '' };
      elements.push(element);
      const kids: unknown[] = [];
      // Marked content on the element's own page (/Pg) is its bare MCID (§14.7.4.2), the rest an MCR.
      let pg: PageRef | null = null;
      let last: Slot | null = null;
      for (const kid of node.kids) {
        if ('kids' in kid) {
          const r = make(kid, ref);
          if (r) kids.push(r);
        } else if ('annotation' in kid) {
          kids.push({ Type: 'OBJR', Obj: kid.annotation, Pg: kid.page });
        } else if (kid.page && !(kid.page === last?.page && kid.mcid === last.mcid)) {
          // Fragments that joined one marked content (continues) are one kid.
          last = kid;
          pg ??= kid.page;
          kids.push(kid.page === pg ? kid.mcid : { Type: 'MCR', Pg: kid.page, MCID: kid.mcid });
        }
      }
      let body = `<</Type /StructElem/S /${node.type}/P ${parent.id} 0 R`;
      if (pg) body += `/Pg ${pg.id} 0 R`;
      body += `/K ${pdfValue(kids.length === 1 ? kids[0] : kids)}`;
      const alt = node.type === 'Figure' ? altText(node.attrs) : undefined;
      if (alt !== undefined) body += `/Alt ${pdfText(alt)}`;
      if (node.type === 'TH') body += `/A <</O /Table/Scope /${headerScope(node)}>>`;
      if (node.attrs.lang) body += `/Lang ${pdfText(node.attrs.lang)}`;
      element.body = `${body}>>`;
      return ref;
    };
    const documentRef = make(this.#root, root);
    const entries: [number, unknown][] = [];
    for (const p of this.#pages) {
      p.page.data.StructParents = p.key;
      entries.push([p.key, p.owners.map((n) => refs.get(n) ?? null)]);
    }
    // A Link holds its annotation, so it has content and a reference.
    for (const a of this.#annotationOwners) entries.push([a.key, refs.get(a.node) ?? null]);
    entries.sort((a, b) => a[0] - b[0]);
    if (documentRef) root.data.K = documentRef;
    root.data.ParentTree = { Nums: entries.flat() };
    root.data.ParentTreeNextKey = this.#nextKey;
    const markInfo = pdf.ref({ Marked: true });
    packObjects(pdf, [root, markInfo, ...elements]);
    // Packed: PDFKit's endMarkings, which ends both at doc.end(), must not write them again.
    root.end = markInfo.end = () => undefined;
    pdf._root.data.StructTreeRoot = root;
    pdf._root.data.MarkInfo = markInfo;
  }
}

/** The elements with content (marked content, an annotation, or an element with content below), in one walk. */
function withContent(root: StructNode): Set<StructNode> {
  const out = new Set<StructNode>();
  const visit = (node: StructNode): boolean => {
    let has = false;
    for (const k of node.kids) if ('kids' in k ? visit(k) : 'annotation' in k || k.page !== null) has = true;
    if (has) out.add(node);
    return has;
  };
  visit(root);
  return out;
}
