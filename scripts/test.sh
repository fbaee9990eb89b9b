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

# The whole test suite on a fresh machine, in one command: installs the programs the tests run where they
# are missing (scripts/install-test-tools.sh: redis-server, Chromium and chromedriver, libfaketime,
# pg_dump, psql and pg_basebackup, mariadbd, promtool), then runs ./mvnw -B -ntp -T 2 clean verify with any further arguments appended
# (two modules at a time: many tests wait on servers and timeouts, which another module's tests fill).
#
#   scripts/test.sh                          everything, or stop naming what is missing
#   scripts/test.sh --skip-missing-tools     if a tool is missing and cannot be installed (no root, no
#                                            sudo), run the suite without the test classes that need it
#
# Without root or sudo the tools cannot be installed: then it stops before the build, naming each missing
# tool and the test classes that need it (exit 3), unless --skip-missing-tools asks to go on without them.
set -euo pipefail
cd "$(dirname "$0")/.."

skip_missing=no
args=()
for arg in "$@"; do
  case "$arg" in
    --skip-missing-tools) skip_missing=yes ;;
    *) args+=("$arg") ;;
  esac
done

# The test classes that run a tool, found by what their source uses.
needs() {
  local pattern
  case "$1" in
    redis-server) pattern='\bRedisServer\b|redis-server|redis-cli' ;;
    chromium|chromedriver) pattern='ChromeDriver|chromium' ;;
    libfaketime) pattern='ShiftedWallClock|faketime' ;;
    pg_dump) pattern='PostgreSqlServer|"pg_dump"|"psql"' ;;
    mariadbd) pattern='MariaDbServer|"mariadbd"' ;;
    promtool) pattern='promtool' ;;
    node) pattern='"node"|"npm"' ;;
    *) return 0 ;;
  esac
  find . -path '*/src/test/java/*' -name '*Tests.java' -not -path '*/target/*' -print0 \
    | xargs -0 grep -lE "$pattern" | sed 's|.*/||; s|\.java$||' | sort -u
}

installed=0
scripts/install-test-tools.sh || installed=$?
excludes=()
if [ "$installed" -ne 0 ]; then
  [ "$installed" -eq 3 ] || exit "$installed"
  mapfile -t tools < <(scripts/install-test-tools.sh --missing)
  classes=()
  echo
  echo "scripts/test.sh: these tools are missing and could not be installed here:"
  for tool in "${tools[@]}"; do
    mapfile -t need < <(needs "$tool")
    echo "  $tool, for ${#need[@]} test classes: ${need[*]}"
    classes+=("${need[@]}")
  done
  echo "  Install them as root with scripts/install-test-tools.sh (Debian), or with this system's packages."
  if [ "$skip_missing" != yes ]; then
    echo "scripts/test.sh: stopped before the build. scripts/test.sh --skip-missing-tools runs the rest."
    exit 3
  fi
  mapfile -t classes < <(printf '%s\n' "${classes[@]}" | sort -u)
  excludes_file=$(mktemp)
  trap 'rm -f "$excludes_file"' EXIT
  printf '**/%s.java\n' "${classes[@]}" >"$excludes_file"
  excludes=(-Dsurefire.excludesFile="$excludes_file" -Dfailsafe.excludesFile="$excludes_file")
  echo "scripts/test.sh: WARNING: running WITHOUT ${#classes[@]} test classes (--skip-missing-tools): ${classes[*]}"
fi

status=0
./mvnw -B -ntp -T 2 clean verify "${excludes[@]}" "${args[@]}" || status=$?
if [ ${#excludes[@]} -gt 0 ]; then
  echo "scripts/test.sh: WARNING: this run LEFT OUT the test classes that need ${tools[*]}: it is not the whole suite"
fi
exit "$status"
