import { describe, expect, it } from 'vitest';
import type { Plan } from '../gitops/plan.ts';
import type { ClusterTypePreview } from '../render/compare.ts';
import {
  checkMessageTemplate,
  DEFAULT_TITLE_TEMPLATE,
  planMarkdown,
  promotesOf,
  renderMessage,
  titleOf,
  TITLE_LIMIT,
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

/** A cluster type whose config keys change. */
const config = (...keys: string[]): ClusterTypePreview => ({
  clusterType: 'drone',
  status: 'kept',
  added: [],
  removed: [],
  rerendered: [],
  config: keys.map((key) => ({ key, before: 'a', after: 'b', targets: ['t'] })),
});

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
  promotes: '',
};

describe('pull request messages', () => {
  it('keeps the original title by default', () => {
    expect(renderMessage(DEFAULT_TITLE_TEMPLATE, view)).toBe(
      'Update manifests in dev from kalypso/dev',
    );
  });

  it('names what the pull request promotes after the original title', () => {
    const promotes = promotesOf(true, 'a'.repeat(40), 'Register the snow-grooming planner', [
      config('IGNORED'),
    ]);
    expect(titleOf(DEFAULT_TITLE_TEMPLATE, { ...view, promotes })).toBe(
      'Update manifests in dev from kalypso/dev: promote aaaaaaa: Register the snow-grooming planner',
    );
    expect(promotesOf(true, 'b'.repeat(40), undefined)).toBe('promote bbbbbbb');
    expect(
      promotesOf(false, 'a'.repeat(40), 'Subject', [
        config('CLUSTER_NAME', 'REGION'),
        config('CLUSTER_NAME', 'DB', 'SIZE'),
      ]),
    ).toBe('config change: CLUSTER_NAME, REGION, DB and 1 more');
    expect(promotesOf(false, '', undefined)).toBe('configuration or workload change');
  });

  it('keeps a hostile subject to one inert line of at most 256 characters', () => {
    const promotes = promotesOf(
      true,
      'c'.repeat(40),
      `::set-output name=x::y\r\nping @octo-org/admins ${'x'.repeat(500)}`,
    );
    expect(promotes).not.toMatch(/[\r\n]/);
    expect([...promotes].length).toBeLessThan(140);
    const title = titleOf(`{{promotes}} https://user:secret@example.com/ ${'y'.repeat(400)}`, {
      ...view,
      promotes,
    });
    expect([...title].length).toBe(TITLE_LIMIT);
    expect(title.endsWith('…')).toBe(true);
    expect(title).not.toContain('secret');
    expect(title).toContain('@\u200bocto-org/admins');
    expect(title).not.toMatch(/[\r\n]/);
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
