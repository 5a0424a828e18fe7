/** A promotion chain file with every part of the policy, for the policy tests. */
export const FULL = `timezone: Europe/Berlin
freezes:
  - { name: holiday-2026, from: 2026-12-19T18:00, to: 2027-01-04T08:00, reason: Holiday freeze }
  - name: month-end
    cron: "0 0 28-31 * *"
    duration: 96h
    environments: [prod]
environments:
  - dev
  - { name: stage, soak: 2h }
  - name: prod
    allow: [ { name: business-hours, cron: "0 9 * * 1-4", duration: 8h } ]
    train: "0 10 * * 2,4"
    failures: { max: 5%, unreachable: count, mandatory: [payments-*], perClusterType: { "edge-*": 1 } }
    onFailure: revert
breakGlass: { environment: break-glass, label: kalypso/break-glass }
`;
