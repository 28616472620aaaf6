/** A problem worth reporting that does not stop the render. */
export interface Diagnostic {
  severity: 'warning' | 'error';
  code: string;
  message: string;
}
