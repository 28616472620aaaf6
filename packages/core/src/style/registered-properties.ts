import { parseComponents, serialize, type CV } from './tokenizer.js';
import type { Declaration, SheetItem } from './stylesheet.js';

/**
 * A custom property registered by `@property` (CSS Properties and Values API 1 §3): whether it
 * inherits, and its initial value, which an element takes where nothing sets the property (and,
 * when it does not inherit, in place of its parent's value).
 */
export interface RegisteredProperty {
  readonly inherits: boolean;
  /** Null for the universal syntax without `initial-value`: the guaranteed-invalid value. */
  readonly initial: readonly CV[] | null;
}

/** The registered custom properties of a document's style sheets, by name, with a key that tells registries apart. */
export interface PropertyRegistry {
  readonly properties: ReadonlyMap<string, RegisteredProperty>;
  /** The names registered with `inherits: false`, which an element does not take from its parent. */
  readonly notInherited: readonly string[];
  /** The registrations serialised ('' when there are none), for the caches of computed styles. */
  readonly key: string;
}

export const NO_REGISTERED_PROPERTIES: PropertyRegistry = { properties: new Map(), notInherited: [], key: '' };

/**
 * The valid `@property` rules of `items`, the last one of a name winning (§3). A rule is valid
 * (§3.1-§3.3) when its prelude is a custom property name and it has `syntax` (a string) and
 * `inherits` (true or false), and, unless the syntax is the universal `*`, an `initial-value`.
 * Values are not checked against a syntax other than `*`, nor computed by it (Platen keeps
 * every custom property as its tokens).
 */
export function registerProperties(items: readonly SheetItem[]): PropertyRegistry {
  let properties: Map<string, RegisteredProperty> | null = null;
  let key = '';
  for (const item of items) {
    if (item.kind !== 'property') continue;
    const registered = registration(item.name, item.declarations);
    if (registered === null) continue;
    (properties ??= new Map()).set(item.name, registered);
    key += `${item.name}\u0000${registered.inherits ? 1 : 0}\u0000${registered.initial ? serialize(registered.initial) : ''}\u0001`;
  }
  if (properties === null) return NO_REGISTERED_PROPERTIES;
  const notInherited = [...properties].filter(([, p]) => !p.inherits).map(([name]) => name);
  return { properties, notInherited, key };
}

function registration(name: string, declarations: readonly Declaration[]): RegisteredProperty | null {
  if (!/^--[^\s]/.test(name)) return null;
  const descriptor = (n: string): Declaration | undefined => declarations.findLast((d) => d.name === n);
  const syntax = parseComponents(descriptor('syntax')?.value ?? '');
  const inherits = descriptor('inherits')?.value.trim().toLowerCase();
  if (syntax.length !== 1 || syntax[0]!.t !== 'str' || (inherits !== 'true' && inherits !== 'false')) return null;
  const initialText = descriptor('initial-value')?.value;
  const initial = initialText === undefined ? null : parseComponents(initialText);
  if (initial === null && syntax[0].v.trim() !== '*') return null;
  return { inherits: inherits === 'true', initial };
}
