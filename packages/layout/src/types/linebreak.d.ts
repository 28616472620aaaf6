declare module 'linebreak' {
  interface Break {
    readonly position: number;
    readonly required: boolean;
  }
  /** UAX #14 line breaker (devongovett/linebreak). */
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
}
