/** A problem layout noticed but worked around (library code never logs; `render` returns these). */
export interface Diagnostic {
  readonly severity: 'warning' | 'error';
  readonly code: string;
  readonly message: string;
}
