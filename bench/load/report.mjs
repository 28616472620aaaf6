// Figures and checks of a load-test run: latency percentiles, answers by status and code,
// render-log rows against what was sent, memory before/after.

export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Counters for one phase of the run. */
export function createTally() {
  return {
    answers: 0,
    latencies: [],
    renderLatencies: [],
    byStatus: {},
    byStatusAbuse: {},
    byCode: {},
    byKind: {},
    mismatches: [],
  };
}

export function record(tally, kind, result, ms) {
  tally.answers++;
  tally.latencies.push(ms);
  // The normal tenant's renders: the latency other tenants see while an abuser runs.
  if (kind.log === 'success' && kind.tenant === undefined) tally.renderLatencies.push(ms);
  const statuses = kind.tenant === undefined ? tally.byStatus : tally.byStatusAbuse;
  statuses[result.status] = (statuses[result.status] ?? 0) + 1;
  const code = `${result.status} ${result.code ?? (result.status === 200 ? 'ok' : '-')}`;
  tally.byCode[code] = (tally.byCode[code] ?? 0) + 1;
  const k = (tally.byKind[kind.name] ??= {
    sent: 0,
    ok: 0,
    log: kind.log,
    tenant: kind.tenant ?? 'normal',
    latencies: [],
  });
  k.sent++;
  k.latencies.push(ms);
  if (result.ok) k.ok++;
  else if (result.reset) k.reset = (k.reset ?? 0) + 1;
  else if (tally.mismatches.length < 20)
    tally.mismatches.push({ kind: kind.name, expected: kind.accept ?? kind.expect, got: [result.status, result.code] });
}

export function summarise(tally, seconds) {
  const all = [...tally.latencies].sort((a, b) => a - b);
  const renders = [...tally.renderLatencies].sort((a, b) => a - b);
  const round = (x) => Math.round(x * 10) / 10;
  return {
    seconds: round(seconds),
    requests: tally.answers,
    requestsPerSecond: round(tally.answers / seconds),
    rendersPerSecond: round(renders.length / seconds),
    latencyMs: { p50: round(percentile(all, 50)), p99: round(percentile(all, 99)), max: round(all.at(-1) ?? 0) },
    renderLatencyMs: {
      p50: round(percentile(renders, 50)),
      p99: round(percentile(renders, 99)),
      max: round(renders.at(-1) ?? 0),
    },
    byStatus: tally.byStatus,
    byStatusAbuse: tally.byStatusAbuse,
    byCode: Object.fromEntries(Object.entries(tally.byCode).sort()),
    byKind: Object.fromEntries(
      Object.entries(tally.byKind).map(([name, { latencies, ...k }]) => {
        const sorted = [...latencies].sort((a, b) => a - b);
        return [name, { ...k, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)) }];
      }),
    ),
    mismatches: tally.mismatches,
  };
}

/** Expected rows per kind (over every phase) against rows found per API key and status. */
export function compareLog(mix, keyIds, phases, rows) {
  const found = {};
  for (const row of rows) {
    const f = (found[row.api_key_id ?? 'none'] ??= { success: 0, error: 0 });
    f[row.status] = (f[row.status] ?? 0) + 1;
  }
  const lines = [];
  for (const kind of mix.filter((k) => k.key === 'own')) {
    const sent = phases.reduce((sum, tally) => sum + (tally.byKind[kind.name]?.sent ?? 0), 0);
    const f = found[keyIds[kind.name]] ?? { success: 0, error: 0 };
    const want = { success: kind.log === 'success' ? sent : 0, error: kind.log === 'error' ? sent : 0 };
    // 'any': a render that may succeed or fail (an abusive one): one row either way.
    const ok = kind.log === 'any' ? f.success + f.error === sent : f.success === want.success && f.error === want.error;
    lines.push({ kind: kind.name, logged: kind.log ?? 'no', sent, rows: f.success + f.error, ok });
  }
  const known = new Set(Object.values(keyIds));
  const stray = rows.filter((row) => !known.has(row.api_key_id)).length;
  return { lines, stray, total: rows.length };
}
