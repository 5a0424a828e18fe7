// What the scenarios change: a new workload of the lift-ops team (in its repository) and its
// registration on control-plane main, so that it rolls out dev → stage → prod.

export function groomingRegistration(githubUrl: string, owner: string): string {
  return `apiVersion: scheduler.kalypso.io/v1alpha1
kind: WorkloadRegistration
metadata:
  name: snow-grooming
spec:
  workload:
    repo: ${githubUrl}/${owner}/lift-ops
    branch: main
    path: ./grooming
  workspace: lift-ops-team
`;
}

export function groomingWorkload(githubUrl: string, owner: string): string {
  const target = (env: string) => `    - name: planner-${env}
      environment: ${env}
      labels: {purpose: integration, ring: stable}
      manifests: {repo: ${githubUrl}/${owner}/lift-ops-gitops, branch: ${env}, path: ./grooming}`;
  return `apiVersion: scheduler.kalypso.io/v1alpha1
kind: Workload
metadata:
  name: grooming
  labels: {tier: backend}
spec:
  deploymentTargets:
${['dev', 'stage', 'prod'].map(target).join('\n')}
`;
}

/** A stage cluster whose workloads never become healthy. */
export const failingStageCluster = {
  'stage/hub-eastus': {
    kind: 'fails',
    reason: 'HealthCheckFailed',
    object: { kind: 'Kustomization', namespace: 'flux-system', name: 'workloads' },
    message:
      'health check failed after 30s: Deployment/lift-control/lift-control not ready (ImagePullBackOff)',
  },
} as const;
