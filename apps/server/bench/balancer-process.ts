// The test's round-robin balancer (test/helpers/balancer.ts) in a process of its own, on PORT,
// in front of the backends named on the command line: `balanced-reads` measures through it.
import { startBalancer } from '../test/helpers/balancer.ts';

const backends = process.argv.slice(2);
if (backends.length === 0) throw new Error('usage: balancer-process.ts <backend URL>…');
await startBalancer(backends, Number(process.env.PORT ?? 0));
