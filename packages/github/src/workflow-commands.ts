// What the Actions runner treats as a workflow command, and how text is made inert. Pure; the
// runner-log module applies it to everything the process writes. See docs/runner-log.md.

/** Annotation and command data: GitHub's documented escaping (`%`, CR, LF). */
export function escapeCommandData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Command property values (`file=…`): the data escaping plus `:` and `,`. */
export function escapeCommandProperty(text: string): string {
  return escapeCommandData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * Makes a stream of log text inert, chunk by chunk (a command may be split across writes).
 *
 * The runner reads its log line by line (CR, LF and CRLF end a line) and runs a line as a
 * command when, after leading white space, it starts with `::`, or when it contains the legacy
 * `##[` prefix anywhere. So the first `:` after a line's leading white space becomes `%3A`, and a
 * `[` right after `##` becomes `%5B`. Everything else passes unchanged.
 */
// .NET's white space (what the runner's TrimStart removes), generously: JS white space plus the
// information separators and NEL.
const SPACE = /[\s\x1c-\x1f\x85]/;

export class CommandNeutraliser {
  #atLineStart = true;
  #previous = '';
  #beforePrevious = '';

  /** The inert form of `chunk`, given everything written before it. */
  write(chunk: string): string {
    let out = '';
    for (const c of chunk) {
      let emitted = c;
      if (c === '\r' || c === '\n') this.#atLineStart = true;
      else if (this.#atLineStart) {
        if (c === ':') {
          emitted = '%3A';
          this.#atLineStart = false;
        } else if (!SPACE.test(c)) this.#atLineStart = false;
      }
      if (c === '[' && this.#previous === '#' && this.#beforePrevious === '#') emitted = '%5B';
      out += emitted;
      this.#beforePrevious = this.#previous;
      this.#previous = c;
    }
    return out;
  }

  /** Text the process itself issued (a command it means to issue): only moves the line state. */
  pass(chunk: string): string {
    for (const c of chunk) {
      this.#atLineStart = c === '\r' || c === '\n' ? true : this.#atLineStart && SPACE.test(c);
      this.#beforePrevious = this.#previous;
      this.#previous = c;
    }
    return chunk;
  }
}

/** `text` made inert as one or more whole log lines. */
export function inertLines(text: string): string {
  return new CommandNeutraliser().write(text);
}

/** `text` on one line: `%`, CR and LF percent-encoded (as command data), for outputs and titles. */
export function oneLine(text: string): string {
  return escapeCommandData(text);
}
