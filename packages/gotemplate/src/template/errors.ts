/** A template that failed to parse or to execute; the message reads as Go's text/template error. */
export class TemplateError extends Error {
  readonly phase: 'parse' | 'exec';

  constructor(phase: 'parse' | 'exec', message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'TemplateError';
    this.phase = phase;
  }
}
