/**
 * A problem a render noticed and worked around: every stage reports this one shape and
 * `renderDocument` returns them all (library code never logs). Layout itself reports none yet;
 * the type lives here, in the package every other one depends on.
 */
export interface Diagnostic {
  readonly severity: 'warning' | 'error';
  /** Stable, snake_case (`image_not_loaded`, `css_ignored_declaration`): what API clients match on. */
  readonly code: string;
  readonly message: string;
}
