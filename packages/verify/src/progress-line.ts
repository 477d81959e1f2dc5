// Where the run is, on one line of a terminal rewritten in place (which request is next, and how long until its turn),
// so that a wait for the rate cap or a Retry-After is never silent. Only on a terminal: a CI log keeps the report.

/** What the line needs of a stream: `process.stderr` is one. */
export interface ProgressStream {
  readonly isTTY?: boolean;
  readonly columns?: number;
  write(text: string): unknown;
}

export class ProgressLine {
  #shown = false;

  constructor(private readonly stream: ProgressStream) {}

  /** Whether the line is shown at all: only where the stream is a terminal. */
  get enabled(): boolean {
    return this.stream.isTTY === true;
  }

  /** Replaces the line with `text`, cut to the terminal's width so that it never wraps onto a second line. */
  show(text: string): void {
    if (!this.enabled) return;
    // A terminal of unknown size (0 columns, as a pseudo-terminal may report) is taken as 80 wide.
    const width = Math.max(20, (this.stream.columns || 80) - 1);
    const line = text.length > width ? `${text.slice(0, width - 1)}…` : text;
    this.stream.write(`\r${line}\x1b[K`);
    this.#shown = true;
  }

  /** Removes the line, before the report is printed. */
  clear(): void {
    if (this.#shown) this.stream.write('\r\x1b[K');
    this.#shown = false;
  }
}
