#!/usr/bin/env bash
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

# Builds the benchmarks jar, runs every benchmark (about 8 minutes on 2 cores, well under 15) and writes
# the JMH JSON files and logs to benchmarks/results/ and the tables to benchmarks/results.md.
#
#   benchmarks/run.sh           the full run, for the published table
#   benchmarks/run.sh --smoke   one short iteration each (a few minutes), to check that everything runs
#
# Needs Java 17+ and python3; the lease benchmarks also need redis-server on PATH (each fork starts its
# own on a free loopback port) and are left out of the table, with a note, without it.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=full
if [ "${1:-}" = "--smoke" ]; then
  mode=smoke
elif [ $# -gt 0 ]; then
  echo "usage: benchmarks/run.sh [--smoke]" >&2
  exit 2
fi

if [ "$mode" = smoke ]; then
  timing=(-f 1 -wi 1 -w 500ms -i 1 -r 1s)
  burst_timing=(-f 1 -wi 4 -i 4)
else
  # 1 fork, 2 warm-up iterations of 1 s, 3 measured iterations of 2 s.
  timing=(-f 1 -wi 2 -w 1s -i 3 -r 2s)
  # Burst mode keeps the class's 50 ms iterations (40 warm-up, 40 measured): each starts a fresh
  # generator whose lead must stay inside the 1 s borrow window.
  burst_timing=(-f 1)
fi

jar=benchmarks/target/benchmarks.jar
out=benchmarks/results

echo "run.sh: building"
./mvnw -q -B -pl benchmarks -am package -DskipTests

rm -rf "$out"
mkdir -p "$out"
{
  echo "run: $mode"
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "nproc: $(nproc)"
  echo "cpu: $(grep -m 1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  echo "jdk: $(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.vm\.name = //p') $(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.runtime\.version = //p')"
  echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- 2>/dev/null || echo ' (with uncommitted changes)')"
  echo "command: benchmarks/run.sh $*"
} > "$out/machine.txt"

jmh() {
  local name=$1
  shift
  local cmd=(java -jar "$jar" "$@" -rf json -rff "$out/$name.json")
  echo "${cmd[*]}" >> "$out/commands.txt"
  echo "run.sh: $name"
  "${cmd[@]}" > "$out/$name.log" 2>&1 || { tail -n 40 "$out/$name.log"; echo "run.sh: $name failed, see $out/$name.log" >&2; exit 1; }
  grep -E '^(Benchmark|[A-Za-z]+Benchmarks\.)' "$out/$name.log" | grep -v ':·\|:gc\.' | tail -n 20 || true
}

# One ID per call: throughput (with bytes per op) at 1 and 2 threads, then latency percentiles.
jmh ids-throughput-1t 'IdGeneratorBenchmarks' -bm thrpt -tu s -t 1 -prof gc "${timing[@]}"
jmh ids-throughput-2t 'IdGeneratorBenchmarks' -bm thrpt -tu s -t 2 "${timing[@]}"
jmh ids-latency-1t 'IdGeneratorBenchmarks' -bm sample -tu ns -t 1 "${timing[@]}"
jmh ids-latency-2t 'IdGeneratorBenchmarks' -bm sample -tu ns -t 2 "${timing[@]}"

# Batches in the default mode.
jmh batches 'BatchBenchmarks' -bm thrpt -tu s -t 1 -prof gc "${timing[@]}"

# Burst mode inside its window: one ID per call and batches, then latency.
jmh burst-throughput-1t 'BorrowAheadBenchmarks' -bm thrpt -tu s -t 1 -prof gc "${burst_timing[@]}"
jmh burst-throughput-2t 'BorrowAheadBenchmarks.nextId$' -bm thrpt -tu s -t 2 "${burst_timing[@]}"
jmh burst-latency-1t 'BorrowAheadBenchmarks.nextId$' -bm sample -tu ns -t 1 "${burst_timing[@]}"
jmh burst-latency-2t 'BorrowAheadBenchmarks.nextId$' -bm sample -tu ns -t 2 "${burst_timing[@]}"

# Public IDs: encode and decode, one ID per call, and Bouncy Castle's FF1 as the reference, 1 thread; then
# encode and decode from 2 threads sharing one key ring.
jmh public-ids 'PublicIdBenchmarks' -bm thrpt -tu s -t 1 -prof gc "${timing[@]}"
jmh public-ids-2t 'PublicIdBenchmarks.(encode|decode)$' -bm thrpt -tu s -t 2 "${timing[@]}"

# Lease round trips of both stores in one run, each against a server its fork starts: redis-server from
# PATH, PostgreSQL from embedded-postgres.
if command -v redis-server >/dev/null 2>&1; then
  jmh leases 'LeaseBenchmarks' -bm sample -tu us -t 1 "${timing[@]}"
else
  echo "lease: Redis not run: redis-server was not on PATH (apt-get install redis-server)." >> "$out/machine.txt"
  echo "run.sh: redis-server not on PATH, Redis lease benchmarks skipped"
  jmh leases 'LeaseBenchmarks' -p store=jdbc -bm sample -tu us -t 1 "${timing[@]}"
fi

python3 benchmarks/report.py "$out" benchmarks/pom.xml benchmarks/results.md
echo "run.sh: wrote benchmarks/results.md"
