import { describe, expect, it } from 'vitest';
import {
  formatDemoFooter,
  formatEnvironmentOutcome,
  summariseRendered,
  type EnvironmentOutcome,
  type RenderedForSummary,
} from './demo-summary.ts';

const bytes = new Uint8Array();

const rendered: RenderedForSummary = {
  view: { clusterTypes: [{ name: 'edge-alps' }, { name: 'hub-westeu' }, { name: 'web-eastus' }] },
  assignments: [
    {
      clusterType: { name: 'edge-alps' },
      target: { name: 'lift-control-functional-test' },
      policies: ['lift-control-on-edge'],
    },
    {
      clusterType: { name: 'hub-westeu' },
      target: { name: 'ticketing-api-dev' },
      policies: ['ticketing-api-on-hubs'],
    },
    {
      clusterType: { name: 'edge-alps' },
      target: { name: 'observability-logs-dev' },
      policies: ['logs-on-edge', 'everything-everywhere'],
    },
  ],
  files: new Map([
    ['edge-alps/README.md', bytes],
    ['hub-westeu/README.md', bytes],
    ['web-eastus/README.md', bytes],
    ['.github/tracking/Promoted_Commit_Id', bytes],
  ]),
  baseRepo: { commit: '1a1dd21cca0e704218db2437c35bf4df5184ded9' },
};

describe('summariseRendered', () => {
  it('groups assignments by cluster type in cluster type order, keeping empty cluster types', () => {
    const outcome = summariseRendered('dev', rendered, 'demo-output/gitops-dev/');
    expect(outcome).toEqual({
      environment: 'dev',
      ok: true,
      outDir: 'demo-output/gitops-dev/',
      assignments: 3,
      filesWritten: 4,
      promotedCommit: '1a1dd21cca0e704218db2437c35bf4df5184ded9',
      clusterTypes: [
        {
          name: 'edge-alps',
          assignments: [
            { target: 'lift-control-functional-test', policies: ['lift-control-on-edge'] },
            {
              target: 'observability-logs-dev',
              policies: ['logs-on-edge', 'everything-everywhere'],
            },
          ],
        },
        {
          name: 'hub-westeu',
          assignments: [{ target: 'ticketing-api-dev', policies: ['ticketing-api-on-hubs'] }],
        },
        { name: 'web-eastus', assignments: [] },
      ],
    });
  });

  it('reports no promoted commit when there is no BaseRepo main', () => {
    const outcome = summariseRendered('dev', { ...rendered, baseRepo: undefined }, 'out/');
    expect(outcome.ok && outcome.promotedCommit).toBe('');
  });
});

describe('formatEnvironmentOutcome', () => {
  it('lists every cluster type with its targets and the policies that selected them', () => {
    const text = formatEnvironmentOutcome(
      summariseRendered('dev', rendered, 'demo-output/gitops-dev/'),
    );
    expect(text).toBe(
      [
        '✅ dev → demo-output/gitops-dev/',
        '  3 assignments on 3 cluster types, 4 files written, Promoted_Commit_Id 1a1dd21',
        '  edge-alps (2)',
        '    lift-control-functional-test  by lift-control-on-edge',
        '    observability-logs-dev        by logs-on-edge, everything-everywhere',
        '  hub-westeu (1)',
        '    ticketing-api-dev             by ticketing-api-on-hubs',
        '  web-eastus (nothing scheduled)',
      ].join('\n'),
    );
  });

  it('uses singular nouns for one of a kind and omits an unknown commit', () => {
    const one: EnvironmentOutcome = {
      environment: 'prod',
      ok: true,
      outDir: 'out/gitops-prod/',
      assignments: 1,
      filesWritten: 1,
      promotedCommit: '',
      clusterTypes: [{ name: 'hub', assignments: [{ target: 'api', policies: ['p'] }] }],
    };
    expect(formatEnvironmentOutcome(one).split('\n')[1]).toBe(
      '  1 assignment on 1 cluster type, 1 file written',
    );
  });

  it('prints every problem as file:line: object: message, indenting continuation lines', () => {
    const text = formatEnvironmentOutcome({
      environment: 'stage',
      ok: false,
      problems: [
        {
          file: 'examples/control-plane/stage/scheduling/edge.yaml',
          line: 7,
          object: "SchedulingPolicy 'edge-apps'",
          message: "operator 'Within' is not one of In, NotIn, Exists, DoesNotExist.",
        },
        { message: 'Config data validation failed: \n - REGION is required' },
      ],
    });
    expect(text).toBe(
      [
        '❌ stage: 2 problems, nothing written',
        "  examples/control-plane/stage/scheduling/edge.yaml:7: SchedulingPolicy 'edge-apps': operator 'Within' is not one of In, NotIn, Exists, DoesNotExist.",
        '  Config data validation failed: ',
        '     - REGION is required',
      ].join('\n'),
    );
  });
});

describe('formatDemoFooter', () => {
  const ok = summariseRendered('dev', rendered, 'x/');
  const failed: EnvironmentOutcome = {
    environment: 'stage',
    ok: false,
    problems: [{ message: 'm' }],
  };

  it('says where the output is when every environment rendered', () => {
    expect(formatDemoFooter([ok, { ...ok, environment: 'prod' }], 'demo-output/')).toBe(
      'Rendered 2 environments into demo-output/: each gitops-<env> folder is what the scheduler would propose to that GitOps branch.',
    );
  });

  it('names the environments that failed', () => {
    expect(formatDemoFooter([ok, failed], 'demo-output/')).toBe(
      '1 of 2 environments failed (stage); fix the problems above. 1 rendered into demo-output/.',
    );
  });
});
