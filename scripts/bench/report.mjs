// The bench report as markdown: the figures docs/ops/performance.md quotes, with the command that reproduces them.
const table = (headers, rows) =>
  [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');

function sparkline(values) {
  const bars = '▁▂▃▄▅▆▇█';
  const min = Math.min(...values);
  const max = Math.max(...values);
  return values
    .map((value) => bars[max === min ? 0 : Math.round(((value - min) / (max - min)) * 7)])
    .join('');
}

/** The error count, with its kinds (status codes, timeouts) where the run recorded them. */
/** A ratio to a yardstick; older reports and rows measured before their yardstick have none. */
const ratioCell = (ratio) => (ratio == null ? '' : ratio.toFixed(3));

function errorsCell(row) {
  if (row.failure) return `FAILED: ${row.failure}`;
  const kinds = Object.entries(row.errorKinds ?? {});
  return kinds.length
    ? `${row.errors} (${kinds.map(([kind, count]) => `${kind}: ${count}`).join(', ')})`
    : String(row.errors);
}

/** The slowest statement of a scale row: its mean time, or why there is none. */
function slowestCell(slowest) {
  if (typeof slowest === 'string') return slowest;
  if (!slowest) return '';
  return `${slowest.meanMs} ms mean, ${slowest.maxMs} ms max (${slowest.calls} calls)`;
}

/** The scale rows grouped by route, each route's sizes in the order they were measured. */
function byRoute(rows) {
  const routes = [...new Set(rows.map((row) => row.route))];
  return routes.flatMap((route) => rows.filter((row) => row.route === route));
}

function renderScale(scale) {
  const notMeasured = scale.routes.find((row) => typeof row.slowestStatement === 'string');
  return [
    '',
    '## Scale (PostgreSQL, catalogue and dashboard caches off)',
    '',
    `Each route at ${scale.connections} connections for ${scale.durationSeconds} s on the demo city, then on cities ` +
      'of 10,000 and 100,000 quests built with SQL on top of it (`scripts/bench/scale-data.mjs`, then `VACUUM ANALYZE`), ' +
      'against one API process run with `CATALOGUE_CACHE_MS=0 DASHBOARD_CACHE_MS=0`. Reproduce with `npm run bench -- --scale`. ' +
      'SQL statements: what one request runs, counted by the API in development. Slowest statement: the statement ' +
      "with the highest mean execution time during the route's run, from pg_stat_statements" +
      (notMeasured ? `; ${notMeasured.slowestStatement} on this server, so not measured.` : '.'),
    '',
    table(
      [
        'Size',
        'Quests (approved)',
        'Tasks',
        'Tips',
        'Photos',
        'Users',
        'Progress (completed)',
        'Proofs (waiting)',
        'Action logs',
        'Built in',
      ],
      scale.sizes.map(({ size, counts, buildSeconds }) => [
        size,
        `${counts.quests} (${counts.approvedQuests})`,
        String(counts.tasks),
        String(counts.tips),
        String(counts.photos),
        String(counts.users),
        `${counts.records} (${counts.completedRecords})`,
        `${counts.proofs} (${counts.waitingProofs})`,
        String(counts.actionLogs),
        `${buildSeconds} s`,
      ]),
    ),
    '',
    table(
      ['Route', 'Size', 'req/s', 'p99 ms', 'SQL statements', 'Slowest statement', 'Errors'],
      byRoute(scale.routes).map((row) => [
        row.route,
        row.size,
        String(row.requestsPerSecond),
        String(row.p99),
        row.statements,
        slowestCell(row.slowestStatement),
        errorsCell(row),
      ]),
    ),
  ];
}

export function renderMarkdown(report) {
  const parts = [
    '# CityQuest bench report',
    '',
    `Run ${report.startedAt} on ${report.machine.cpus} × ${report.machine.cpuModel}, ${report.machine.memoryGB} GB, Node ${report.machine.node}` +
      `${report.options.quick ? ' (quick run)' : ''}. Reproduce with \`npm run build && npm run bench\` (\`-- --soak\` adds the 10-minute soak).`,
  ];
  const carried = Object.entries(report.measuredAt ?? {}).filter(
    ([, when]) => !when.startsWith(report.startedAt),
  );
  if (carried.length) {
    parts.push(
      '',
      `Kept from earlier runs (this run used \`--only\`): ${carried.map(([section, when]) => `${section} of ${when}`).join('; ')}.`,
    );
  }
  if (report.bundles) {
    parts.push('', '## Bundles', '');
    parts.push(
      table(
        [
          'App',
          'Entry JS gzip',
          'Budget',
          'Entry brotli',
          'Entry files',
          'Largest lazy chunks (gzip)',
          'maplibre-gl',
        ],
        report.bundles.map((bundle) => [
          bundle.app,
          `${bundle.entry.gzipKB} KB`,
          `${bundle.budgetGzipKB} KB`,
          `${bundle.entry.brotliKB} KB`,
          String(bundle.entry.files),
          bundle.lazy
            .slice(0, 3)
            .map((chunk) => `${chunk.file.replace('assets/', '')} ${chunk.gzipKB} KB`)
            .join(', '),
          bundle.lazy.some((chunk) => chunk.maplibre) ? 'lazy chunk only' : 'not used',
        ]),
      ),
    );
  }
  if (report.api) {
    parts.push(
      '',
      '## API load (autocannon)',
      '',
      "Ratios compare with two yardsticks measured in the same run at the same connection count (absolute figures on a shared 2-core machine are noisy): a bare Fastify route (no database), and one quest row read by primary key through the API (one database round trip; its ratio moves less with the host). SQL statements: what one request of the target runs, counted by the API in development (a sequence gives each request). API CPU: the API process's CPU time per request (with PGlite it includes the database, which runs inside that process).",
      '',
    );
    parts.push(
      table(
        [
          'Database',
          'Target',
          'SQL statements',
          'Connections',
          'req/s',
          'vs bare',
          'vs one row',
          'API CPU ms/req',
          'p50 ms',
          'p97.5 ms',
          'p99 ms',
          'Errors',
        ],
        report.api.map((row) => [
          row.database,
          row.target,
          row.statements ?? '',
          String(row.connections),
          String(row.requestsPerSecond),
          ratioCell(row.throughputVsBare),
          ratioCell(row.throughputVsOneRow),
          row.apiCpuMsPerRequest == null ? '' : String(row.apiCpuMsPerRequest),
          String(row.p50),
          String(row.p97_5),
          String(row.p99),
          errorsCell(row),
        ]),
      ),
    );
  }
  if (report.instances) {
    parts.push(
      '',
      '## Two API instances (PostgreSQL and Redis shared)',
      '',
      'The same round-robin proxy in front of one instance, then two, at 32 connections; scaling is the two-instance req/s over the one-instance figure. CPU per request: the API processes together, and the proxy. On a 2-core host the two instances, PostgreSQL, Redis, the proxy and autocannon share the same cores.',
      '',
      table(
        ['Target', 'Instances', 'req/s', 'Scaling', 'p99 ms', 'API CPU ms/req', 'Proxy CPU ms/req', 'Errors'],
        report.instances.map((row) => [
          row.target,
          String(row.instances),
          String(row.requestsPerSecond),
          row.scaling.toFixed(2),
          String(row.p99),
          String(row.apiCpuMsPerRequest),
          String(row.proxyCpuMsPerRequest),
          String(row.errors),
        ]),
      ),
    );
  }
  if (report.scale) parts.push(...renderScale(report.scale));
  if (report.pwa) {
    parts.push('', '## Installable and offline (explorer app)', '');
    parts.push(
      "Lighthouse's PWA checks, made by the bench in Chromium since Lighthouse 12 dropped its PWA category " +
        '(scripts/bench/pwa.mjs): the manifest, a service worker controlling the page, and the start URL offline.',
      '',
    );
    parts.push(
      table(
        ['Check', 'Result', 'Detail'],
        report.pwa.checks.map((row) => [row.name, row.passed ? 'pass' : 'FAIL', row.detail || '']),
      ),
    );
  }
  if (report.lighthouse) {
    // Reports before the calibration held the page rows alone, measured at Lighthouse's default 4x.
    const { browser, benchmarkIndex, cpuSlowdownMultiplier, defaultLandingPerformance, pages } =
      Array.isArray(report.lighthouse) ? { pages: report.lighthouse } : report.lighthouse;
    parts.push('', '## Lighthouse (mobile, median of runs)', '');
    parts.push(
      benchmarkIndex
        ? `Mobile emulation on simulated slow 4G. This host's Lighthouse benchmarkIndex was ${benchmarkIndex} ` +
            `(Lighthouse's default 4x CPU slowdown assumes 1500-2000), so the slowdown is calibrated to ` +
            `${cpuSlowdownMultiplier}x (benchmarkIndex / 400, between 1x and 4x) to emulate the same mid-tier phone; ` +
            `the landing page scored ${defaultLandingPerformance} at the uncalibrated 4x.` +
            (browser ? ` Browser: ${browser}.` : '')
        : "Mobile emulation on simulated slow 4G at Lighthouse's default 4x CPU slowdown.",
      '',
    );
    parts.push(
      table(
        ['Page', 'Path', 'Performance', 'Accessibility', 'LCP', 'TBT', 'CLS', 'Runs', 'Failing a11y audits'],
        pages.map((row) => [
          row.page,
          row.url,
          String(row.performance),
          String(row.accessibility),
          `${row.lcpMs} ms`,
          `${row.tbtMs} ms`,
          String(row.cls),
          String(row.runs),
          row.accessibilityIssues.join(', ') || 'none',
        ]),
      ),
    );
    const mapAlone = pages.find((row) => row.yardstick);
    const explore = pages.find((row) => row.url === '/explore');
    if (mapAlone && explore) {
      // The harness URL carries the map's quest count and height, so the sentence follows lighthouse.mjs.
      const harness = new URLSearchParams(mapAlone.url.split('?')[1]);
      parts.push(
        '',
        `The map alone is the yardstick: the app's own QuestMap with the ${harness.get('count')} quests Explore's ` +
          `map shows, at its ${harness.get('height')} height, on a page with nothing else ` +
          `(\`scripts/bench/map-harness\`). It scored ` +
          `${mapAlone.performance} (TBT ${mapAlone.tbtMs} ms) on this host: what drawing this map as a page loads ` +
          `costs here, so Explore reads against it. Explore's TBT was ${Math.abs(explore.tbtMs - mapAlone.tbtMs)} ms ` +
          `${explore.tbtMs >= mapAlone.tbtMs ? 'above' : 'below'} it.`,
      );
    }
  }
  if (report.map) {
    parts.push('', '## Map', '');
    parts.push(
      table(
        ['Quests', 'First drawn (median)', 'DOM markers', 'Rendered features', 'Runs'],
        report.map.map((row) => [
          String(row.quests),
          `${row.medianMs} ms`,
          String(row.domMarkers),
          String(row.renderedFeatures),
          String(row.runs),
        ]),
      ),
    );
  }
  if (report.soak) {
    const memory = report.soak.memory.map((sample) => sample.rssMB);
    parts.push(
      '',
      `## Soak (${report.soak.seconds / 60} minutes, ${report.soak.connections} connections, mixed traffic)`,
      '',
    );
    parts.push(
      `${report.soak.requestsPerSecond} req/s, p99 ${report.soak.p99} ms, ${errorsCell(report.soak)} errors of ${report.soak.total} requests.`,
      '',
      `Server memory (RSS, MB, every 10 s): \`${sparkline(memory)}\` from ${memory[0]} to ${memory.at(-1)} (min ${Math.min(...memory)}, max ${Math.max(...memory)}).`,
    );
  }
  return `${parts.join('\n')}\n`;
}
