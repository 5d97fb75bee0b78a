// The library's figures for `npm run bench` (issue 32, item 3), in a process of its own: `serve()` from
// dist/api.js to its first answered request, `reset()` of 1,000 resources, `close()`; beside a plain
// node:http server doing the same (listen, first answer, close) in the same loop. Prints one JSON object.
// Usage: node scripts/bench-library.mjs RUNS
import { Agent, createServer, request } from 'node:http';
import { median } from './bench-lib.mjs';

const RUNS = Number(process.argv[2] ?? 21);
const RESOURCES = 1000;
const { serve } = await import('../dist/api.js');

/** One request on a keep-alive agent: resolves with the status once the body is read. */
function send(agent, url, path, headers, body) {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method: body === undefined ? 'GET' : 'POST', agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const ECR = { 'Content-Type': 'application/x-amz-json-1.1' };
const describe = (agent, url) =>
  send(agent, url, '/', { ...ECR, 'X-Amz-Target': 'AmazonEC2ContainerRegistry_V20150921.DescribeRepositories' }, '{}');

/** 1,000 resources: half repositories (JSON 1.1), half launch configurations (Query), 8 requests in flight. */
async function fill(agent, url, run) {
  let next = 0;
  const one = async () => {
    for (let i = next++; i < RESOURCES; i = next++) {
      const status =
        i % 2 === 0
          ? await send(
              agent,
              url,
              '/',
              { ...ECR, 'X-Amz-Target': 'AmazonEC2ContainerRegistry_V20150921.CreateRepository' },
              JSON.stringify({ repositoryName: `r${run}/n${i}` }),
            )
          : await send(
              agent,
              url,
              '/',
              { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
              `Action=CreateLaunchConfiguration&Version=2011-01-01&LaunchConfigurationName=lc${i}&ImageId=ami-12345678&InstanceType=t3.micro`,
            );
      if (status !== 200) throw new Error(`seeding: status ${status}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, one));
}

/** The baseline: a node:http server that answers "hello": listen, first answer, close. */
async function hello(agent) {
  const t0 = performance.now();
  const server = createServer((_, res) => res.end('hello'));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  if ((await send(agent, url, '/')) !== 200) throw new Error('hello');
  const t1 = performance.now();
  await new Promise((resolve) => {
    server.close(resolve);
    server.closeIdleConnections();
  });
  return { start: t1 - t0, close: performance.now() - t1 };
}

const results = {
  cold: 0,
  start: [],
  startCpu: [],
  reset: [],
  resetHttp: [],
  close: [],
  helloStart: [],
  helloClose: [],
};
for (let run = -1; run < RUNS; run++) {
  const agent = new Agent({ keepAlive: true });
  const h0 = await hello(agent);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const h = await serve();
  if ((await describe(agent, h.url)) !== 200) throw new Error('first request');
  const start = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  // 500 launch configurations are past Auto Scaling's quota of 200 a region (a service setting since issue 35).
  await h.settings.set('launch_configurations_per_region', 'none');
  await fill(agent, h.url, run);
  const t1 = performance.now();
  const deleted = await h.reset();
  const reset = performance.now() - t1;
  const total = Object.values(deleted).reduce((a, b) => a + b, 0);
  if (deleted.repositories !== RESOURCES / 2 || deleted['launch-configurations'] !== RESOURCES / 2)
    throw new Error(`reset deleted ${JSON.stringify(deleted)}`);
  // The same over HTTP (POST /_svcctl/reset), for comparison.
  await fill(agent, h.url, `${run}b`);
  const t2 = performance.now();
  if ((await send(agent, h.url, '/_svcctl/reset', {}, '')) !== 200) throw new Error('reset over HTTP');
  const resetHttp = performance.now() - t2;
  // close() with the client's keep-alive connection open and idle, as a test's SDK client leaves it.
  const t3 = performance.now();
  await h.close();
  const close = performance.now() - t3;
  agent.destroy();
  if (run < 0) {
    results.cold = start; // the first serve() of the process: its modules' first use
    results.rows = total;
    continue;
  }
  results.start.push(start);
  // This process's CPU time (the client's part included): what the wall time is on an idle core.
  results.startCpu.push((cpu.user + cpu.system) / 1000);
  results.reset.push(reset);
  results.resetHttp.push(resetHttp);
  results.close.push(close);
  results.helloStart.push(h0.start);
  results.helloClose.push(h0.close);
}
const out = { runs: RUNS, cold: results.cold, rows: results.rows };
for (const k of ['start', 'startCpu', 'reset', 'resetHttp', 'close', 'helloStart', 'helloClose'])
  out[k] = median(results[k]);
console.log(JSON.stringify(out));
