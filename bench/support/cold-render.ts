// The cold floor of bench/preview-scale.bench.ts: one render of the seeded fleet (`renderFleet`) in
// a fresh process, as an action's run renders it (the engine's code not yet compiled by V8's
// optimising tiers). Reads the fleet's sources (JSON) from the file named by its argument and
// prints the CPU seconds of the render alone (not the process start or the imports).
import { readFileSync } from 'node:fs';
import { renderFleet, type SeededFleet } from '../../test/support/fleet-fixture.ts';

const sources = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as SeededFleet['sources'];
const started = process.cpuUsage();
renderFleet({ sources } as SeededFleet);
const used = process.cpuUsage(started);
console.log(JSON.stringify({ cpu: (used.user + used.system) / 1e6 }));
