// Two API instances on one PostgreSQL and one Redis behind a round-robin proxy, against one instance behind the same
// proxy: how far the catalogue and the quest page scale out on this host
// (docs/ops/deployment.md#several-api-instances). The proxy runs in front of both setups, so its cost is in both
// figures.
import autocannon from 'autocannon';
import { cpuMs, login } from './api-load.mjs';

const API = '/api/v1';
const CONNECTIONS = 32;

/** CPU time of the given processes together, in ms. */
const cpuOf = (pids) => pids.reduce((sum, pid) => sum + (cpuMs(pid) ?? 0), 0);

export async function measureInstances({ single, pair, apiPids, proxyPids, durationSeconds, log }) {
  const token = await login(single.url, 'explorer', 'Chai-Stepwell-2026');
  const headers = { authorization: `Bearer ${token}` };
  const listed = await (await fetch(`${single.url}${API}/quests?limit=1`, { headers })).json();
  const questId = listed.data.quests[0]._id;
  const targets = [
    { name: 'GET /quests?limit=12', path: `${API}/quests?limit=12` },
    { name: 'GET /quests/{id}', path: `${API}/quests/${questId}` },
  ];
  const rows = [];
  for (const target of targets) {
    let oneInstance;
    for (const [instances, proxy] of [
      [1, single],
      [2, pair],
    ]) {
      const before = { api: cpuOf(apiPids), proxy: cpuOf(proxyPids) };
      const result = await autocannon({
        url: `${proxy.url}${target.path}`,
        headers,
        connections: CONNECTIONS,
        duration: durationSeconds,
      });
      const requests = result.requests.total || 1;
      const row = {
        target: target.name,
        instances,
        connections: CONNECTIONS,
        requestsPerSecond: Math.round(result.requests.average),
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
        apiCpuMsPerRequest: Math.round(((cpuOf(apiPids) - before.api) / requests) * 100) / 100,
        proxyCpuMsPerRequest: Math.round(((cpuOf(proxyPids) - before.proxy) / requests) * 100) / 100,
      };
      oneInstance ??= row;
      row.scaling = Math.round((row.requestsPerSecond / oneInstance.requestsPerSecond) * 100) / 100;
      rows.push(row);
      log(
        `  ${target.name} x${instances}: ${row.requestsPerSecond} req/s, p99 ${row.p99} ms, errors ${row.errors}`,
      );
    }
  }
  return rows;
}
