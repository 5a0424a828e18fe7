import { describe, expect, it } from 'vitest';
import {
  GoMap,
  GoStruct,
  templateFunctions,
  executeTemplate,
  parseTemplate,
  TemplateError,
} from '@kalypso/gotemplate';
import { explainTemplateError } from './template-error.ts';

const data = new GoStruct('scheduler.dataType', [
  ['DeploymentTargetName', 'billing-invoicer'],
  ['Namespace', 'dev-aks-billing-invoicer'],
  ['Environment', 'dev'],
  ['Workspace', 'finance'],
  ['Workload', 'billing'],
  ['Labels', GoMap.ofStrings({ tier: 'backend' })],
  ['Manifests', GoMap.ofStrings({ repo: 'https://example.test/billing', branch: 'dev' })],
  ['ClusterType', 'aks'],
  ['ConfigData', GoMap.ofStrings({})],
]);
const FIELDS =
  '.DeploymentTargetName, .Namespace, .Environment, .Workspace, .Workload, .Labels, .Manifests, .ClusterType, .ConfigData';

function failure(text: string): string {
  try {
    executeTemplate(parseTemplate(text, templateFunctions), data);
  } catch (error) {
    if (error instanceof TemplateError) return explainTemplateError(error.message, data);
    throw error;
  }
  throw new Error('expected the template to fail');
}

describe('explainTemplateError', () => {
  it('names an unknown field, the real fields and the manifest key spelled like it, without Go internals', () => {
    expect(failure('kind: x\nurl: {{ .Repo }}\n')).toBe(
      `at line 2, column 8 of the manifest: \`.Repo\` is not a field of the template data (its fields are ${FIELDS}); use \`.Manifests.repo\``,
    );
  });

  it('suggests the nearest top-level field for a typo', () => {
    expect(failure('{{ .Namspace }}')).toBe(
      `at line 1, column 3 of the manifest: \`.Namspace\` is not a field of the template data (its fields are ${FIELDS}); use \`.Namespace\``,
    );
  });

  it('lists the fields without a suggestion when nothing is close', () => {
    expect(failure('{{ .Zzzzzzzz }}')).toBe(
      `at line 1, column 3 of the manifest: \`.Zzzzzzzz\` is not a field of the template data (its fields are ${FIELDS})`,
    );
  });

  it('keeps the message of other execution errors, with the position', () => {
    expect(failure('{{ index .Labels 1 2 }}')).toMatch(
      /^at line 1, column 3 of the manifest \(at <index \.Labels 1 2>\): error calling index: /,
    );
  });

  it('leaves a message that is not an execution error alone', () => {
    expect(explainTemplateError('the output still contains "{{"', data)).toBe(
      'the output still contains "{{"',
    );
  });
});
