export * from './markdown.ts';
export * from './ports.ts';
export * from './preview-pull-request.ts';
export * from './text.ts';
export * from './private-content.ts';
export * from './artifact.ts';
