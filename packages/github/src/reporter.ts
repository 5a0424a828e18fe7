// The Actions log as the core's Reporter lives with the other runner sinks in runner-log.ts.
export { createActionsReporter, reportProblems } from './runner-log.ts';
