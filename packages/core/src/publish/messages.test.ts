import { describe, expect, it } from 'vitest';
import type { Plan } from '../gitops/plan.ts';
import {
  checkMessageTemplate,
  DEFAULT_TITLE_TEMPLATE,
  planMarkdown,
  renderMessage,
  type MessageView,
} from './messages.ts';

const plan: Plan = {
  added: ['drone/orders-api/reconciler.yaml'],
  changed: ['.github/tracking/Promoted_Commit_Id'],
  removed: ['large/old/namespace.yaml'],
  promoted: true,
  clusterTypes: [
    {
      clusterType: 'drone',
      assignmentsAdded: ['orders-api'],
      assignmentsRemoved: [],
      assignmentsChanged: [],
      filesChanged: 1,
    },
    {
      clusterType: 'large',
      assignmentsAdded: [],
      assignmentsRemoved: ['old'],
      assignmentsChanged: [],
      filesChanged: 1,
    },
  ],
};

const view: MessageView = {
  environment: 'dev',
  base: 'dev',
  branch: 'kalypso/dev',
  promotedCommit: 'a'.repeat(40),
  promotedCommitShort: 'aaaaaaa',
  promoted: true,
  assignments: 3,
  filesAdded: 1,
  filesChanged: 1,
  filesRemoved: 1,
  plan: planMarkdown(plan),
  controlPlaneRepository: 'acme/control-plane',
  runUrl: '',
  promotedCommitUrl: '',
  promotedCommitSubject: '',
  promotedCommitAuthor: '',
  promotedCommitLine: '',
  previousPromotedCommit: '',
  previousPromotedCommitShort: '',
  compareUrl: '',
  assignmentReasons: '',
  configChanges: '',
};

describe('pull request messages', () => {
  it('keeps the original title by default', () => {
    expect(renderMessage(DEFAULT_TITLE_TEMPLATE, view)).toBe(
      'Update manifests in dev from kalypso/dev',
    );
  });

  it('does not HTML-escape values', () => {
    expect(renderMessage('{{branch}} <{{environment}}> & {{controlPlaneRepository}}', view)).toBe(
      'kalypso/dev <dev> & acme/control-plane',
    );
  });

  it('renders the plan as a table per cluster type plus a file list', () => {
    expect(planMarkdown(plan)).toBe(
      [
        '| cluster type | assignments added | assignments removed | re-rendered | files |',
        '| --- | --- | --- | --- | --- |',
        '| `drone` | `orders-api` | – | – | 1 |',
        '| `large` | – | `old` | – | 1 |',
        '',
        '<details><summary>3 files</summary>',
        '',
        '```',
        'A drone/orders-api/reconciler.yaml',
        'M .github/tracking/Promoted_Commit_Id',
        'D large/old/namespace.yaml',
        '```',
        '',
        '</details>',
      ].join('\n'),
    );
  });

  it('caps long file lists', () => {
    const many: Plan = {
      ...plan,
      added: Array.from({ length: 5 }, (_, i) => `x/${i}`),
      changed: [],
      removed: [],
      clusterTypes: [],
    };
    expect(planMarkdown(many, 2)).toContain('x/1\n… and 3 more');
  });

  it('rejects a template that does not parse, naming the input', () => {
    expect(() => checkMessageTemplate('pull-request-title', 'Deploy {{#promoted}}')).toThrow(
      /'pull-request-title' template does not parse/,
    );
  });
});
