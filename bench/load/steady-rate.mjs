// Open-loop load at a steady rate: request i is due at start + i / rate, whether or not
// earlier answers have come back, and its latency runs from that due time to the last byte
// of the answer (so a late timer or a busy connection counts against the server, not for
// it: no coordinated omission). Why not autocannon's overallRate: autocannon lets each
// connection send its share of a second back to back and then sleep until its one-second
// interval fires, so 100/s over 20 connections arrives as bursts of up to 20 concurrent
// requests once a second, and its correction for coordinated omission assumes 1 ms between
// requests (ceil(1 / 5 per s)), which adds one synthetic sample per millisecond a request
// took. Both make "p99 at 100/s" a figure about bursts.
import { Agent, request } from 'node:http';

function send(agent, url, headers, body) {
  return new Promise((resolve) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': body.byteLength } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk) => {
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        res.on('error', () => resolve({ status: 0, bytes }));
      },
    );
    req.on('error', () => resolve({ status: 0, bytes: 0 }));
    req.setNoDelay(true);
    req.end(body);
  });
}

function percentile(sorted, p) {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Due times in ms from the start: evenly spaced, or with `poisson` exponential gaps of mean
 * 1/rate (independent clients: the same average rate with chance clumps), from a seeded
 * generator so that runs compare.
 */
function dueTimes(rate, total, poisson) {
  if (!poisson) return Array.from({ length: total }, (_, i) => (i * 1000) / rate);
  let seed = 0x9e3779b9;
  const random = () => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const times = [];
  for (let at = 0, i = 0; i < total; i++) times.push((at += (-Math.log(1 - random()) * 1000) / rate));
  return times;
}

/**
 * POST `body` to `url` `rate` times a second for `seconds`, over at most `connections`
 * keep-alive connections (a request due while all are busy waits for one, and that wait is
 * part of its latency). Resolves when every request has been answered.
 */
export async function steadyRate({ url, headers, body, rate, seconds, connections, poisson = false }) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const payload = Buffer.from(body);
  const total = Math.round(rate * seconds);
  const latencies = [];
  let ok = 0;
  let errors = 0;
  let lateSends = 0;
  const pending = [];
  const due = dueTimes(rate, total, poisson);
  const start = performance.now() + 20;
  let next = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && start + due[next] <= now) {
        const dueAt = start + due[next];
        if (now - dueAt > 5) lateSends++;
        pending.push(
          send(agent, url, headers, payload).then(({ status }) => {
            latencies.push(performance.now() - dueAt);
            if (status >= 200 && status < 300) ok++;
            else errors++;
          }),
        );
        next++;
      }
      if (next >= total) return resolve();
      setTimeout(tick, Math.max(0, start + due[next] - performance.now()));
    };
    setTimeout(tick, 20);
  });
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    duration: elapsed,
    ok,
    errors,
    lateSends,
    latency: {
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      max: percentile(sorted, 100),
    },
  };
}
