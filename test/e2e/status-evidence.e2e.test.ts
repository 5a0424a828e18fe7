// The demo's commit-status variant (`npm run demo -- --evidence commit-statuses`), end to end on
// simulated time: the whole chain without Azure. The simulated Flux notification-controller of each
// cluster posts a commit status on the GitOps commit it applied; check-promote reads them against
// the inventory on each GitOps branch; no Resource Graph query is made. It also checks what people
// read (the GitOps pull request titles, the ledger's evidence counts, the cluster types in the
// check-promote summary) and writes every job summary and pull request body rendered as HTML to
// test-results/rendered/ (test/support/rendered-markdown.ts).
import { describe, expect, it } from 'vitest';
import { writeRendered } from '../support/rendered-markdown.ts';
import { driverFor, settle } from './promotion-run.ts';
import {
  endpoints,
  registerGroomingPlanner,
  SCENARIO_TIMEOUT,
  withWorld,
} from './promotion-scenario.ts';

describe('promotion on commit-status evidence alone', () => {
  it(
    'promotes dev → stage → prod from the statuses Flux posts, asking Azure nothing',
    async () => {
      await withWorld({ evidence: 'commit-statuses' }, async (world, github) => {
        const driver = driverFor(world, endpoints());
        await driver.snapshot();
        const promoted = await registerGroomingPlanner(
          driver,
          world,
          github,
          'Register the snow-grooming planner',
        );
        await settle(driver, world);

        // Every environment Deployed, on evidence from commit statuses only.
        const control = await github.state(world.controlPlane);
        const latest = new Map<string, string>();
        for (const s of control.statuses
          .filter((s) => s.sha === promoted)
          .sort((a, b) => a.id - b.id))
          latest.set(s.context, `${s.state} ${s.description ?? ''}`.trim());
        for (const env of world.environments)
          expect(latest.get(`${env} environment`), env).toBe('success Deployed');
        expect(await world.resourceGraphRequests()).toBe(0);

        // The clusters reported on the GitOps commit each environment runs, in Flux's format.
        const gitops = await github.state(world.gitops);
        for (const env of world.environments) {
          const head = (await github.log(world.gitops, env))[0]!.sha;
          const reports = gitops.statuses.filter((s) => s.sha === head);
          expect(reports.length, env).toBeGreaterThan(0);
          for (const s of reports) {
            expect(s.context).toMatch(
              new RegExp(`^kalypso/[a-z0-9-]+/${env}-[a-z0-9-]+/kustomization/workloads$`),
            );
            expect(`${s.state} ${s.description}`).toBe('success reconciliation succeeded');
          }
        }

        // The ledger: the success of each environment carries the evidence counts.
        for (const env of world.environments) {
          const deployment = control.deployments.find(
            (d) => d.environment === env && d.sha === promoted,
          );
          const descriptions = (deployment?.statuses ?? []).map((s) => s.description);
          const distinct = new Set(
            gitops.statuses.filter((s) => s.context.includes(`/${env}-`)).map((s) => s.context),
          ).size;
          expect(descriptions, env).toContain(
            `Deployed · ${distinct} of ${distinct} clusters reporting the commit; evidence: commit statuses ${distinct}`,
          );
        }

        // The GitOps pull requests name what they promote.
        const promotions = gitops.pulls.filter((p) => p.labels.includes('promoted'));
        expect(promotions.length).toBeGreaterThanOrEqual(world.environments.length);
        for (const pr of promotions)
          expect(pr.title).toBe(
            `Update manifests in ${pr.base} from kalypso/${pr.base}: promote ${promoted.slice(0, 7)}: Register the snow-grooming planner`,
          );

        // check-promote names the real cluster types (from the status contexts).
        const checks = driver.runs.filter((r) => r.job === 'check-promote');
        const summary = checks.flatMap((r) => r.summaries).join('\n');
        expect(summary).toMatch(/\| stage-hub-eastus \| hub-eastus \|/);
        // It counts the requests of the source it asked, which is not Resource Graph.
        expect(summary).toMatch(/\| Commit status requests \| \d+ \(at most \d+ per poll\) \|/);
        expect(summary).not.toContain('Resource Graph requests');

        // What people read, rendered: every job summary and every GitOps pull request body.
        driver.runs.forEach((run, i) =>
          run.summaries.forEach((markdown, j) => {
            const env = run.event.inputs?.environment ?? run.event.branch ?? '';
            const { html } = writeRendered(
              `status-evidence-${String(i).padStart(2, '0')}-${run.workflow}-${run.job}-${env}-${j}`,
              markdown,
            );
            expect(html).not.toMatch(/\| --- \|/); // every table became a table
          }),
        );
        for (const pr of gitops.pulls) {
          const { html } = writeRendered(
            `status-evidence-pr-${pr.number}-${pr.base}`,
            `# ${pr.title}\n\n${pr.body ?? ''}`,
            { kind: 'comment' },
          );
          expect(html).toContain('<table>');
        }
      });
    },
    SCENARIO_TIMEOUT,
  );
});
