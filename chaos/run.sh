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

# The fault campaign: chaos/run.sh [--store redis|jdbc] --minutes N --seed S [--workers-per-region K]
#   [--mean-gap-seconds G] [--out DIR]
# --store jdbc leases from PostgreSQL servers the campaign starts itself (redis by default).
# Builds the chaos module (set CHAOS_SKIP_BUILD=1 right after a full build), installs faketime,
# redis-server and, for --store jdbc, PostgreSQL's client programs (pg_dump, psql) when missing, runs the
# campaign, and writes report.md and campaign.png into the output folder (chaos/target/campaign-<seed> by
# default). Exits non-zero when the checker finds a broken rule.
set -euo pipefail
cd "$(dirname "$0")/.."

find_faketime() { find /usr/lib /usr/lib64 /usr/local/lib -name libfaketimeMT.so.1 2>/dev/null | head -n 1; }

need_apt=()
[ -n "$(find_faketime)" ] || need_apt+=(faketime)
command -v redis-server >/dev/null 2>&1 || need_apt+=(redis-server)
if [[ " $* " == *" --store jdbc "* ]] && ! { command -v pg_dump && command -v psql; } >/dev/null 2>&1; then
  need_apt+=(postgresql-client)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "chaos/run.sh: installing ${need_apt[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
faketime_lib=$(find_faketime)
[ -n "$faketime_lib" ] || { echo "chaos/run.sh: libfaketimeMT.so.1 not found after installing faketime"; exit 2; }

if [ "${CHAOS_SKIP_BUILD:-0}" != 1 ]; then
  ./mvnw -q -B -ntp -pl chaos -am package -DskipTests
fi

exec java -Xmx3g -Djava.awt.headless=true -cp "$PWD/chaos/target/classes:$PWD/chaos/target/lib/*" \
  dev.snowflakeid.chaos.Campaign --faketime "$faketime_lib" "$@"
