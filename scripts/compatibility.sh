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

# The compatibility matrix beyond the baseline. The full suite runs on the baseline (Spring Boot 4.0.7 on
# Java 17, `./mvnw -B -ntp -T 2 clean verify`); this script runs the compatibility subset on the three other
# combinations of the tested range:
#
#   boot-4.0-java-25   Spring Boot 4.0.7 on Java 25
#   boot-4.1-java-17   Spring Boot 4.1.2 on Java 17   (-Pboot-4.1)
#   boot-4.1-java-25   Spring Boot 4.1.2 on Java 25   (-Pboot-4.1)
#
# The subset is every test that starts no process of its own (unit and context-runner tests of every module,
# the simulation with 2,000 schedules) plus the classes marked @CompatibilitySubset: a real-Redis lease
# test, the Jackson (JavaScript client) and Hibernate (PostgreSQL) integration tests and the sample app's
# end-to-end test. Each combination builds from clean, so run it after the full suite, not before the
# sample app is started from its jar.
#
#   scripts/compatibility.sh                      all three
#   scripts/compatibility.sh boot-4.1-java-17     one or more by name
#
# Java 25 is taken from JAVA_25_HOME, else /usr/lib/jvm/temurin-25-jdk-amd64; Java 17 from JAVA_17_HOME,
# else the JAVA_HOME or java on PATH when it is a Java 17. Prints each combination's time and test
# counts, and exits non-zero if any test failed or a combination could not run.
set -euo pipefail
cd "$(dirname "$0")/.."

all=(boot-4.0-java-25 boot-4.1-java-17 boot-4.1-java-25)
combinations=("$@")
[ ${#combinations[@]} -gt 0 ] || combinations=("${all[@]}")

java_version() { "$1/bin/java" -XshowSettings:properties -version 2>&1 | awk -F' = ' '/java.specification.version/ { print $2 }'; }

java_home() {
  local wanted=$1 candidates=()
  case "$wanted" in
    17) candidates=("${JAVA_17_HOME:-}" "${JAVA_HOME:-}" /usr/lib/jvm/java-17-openjdk-amd64)
        if command -v java >/dev/null 2>&1; then
          candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")")
        fi ;;
    25) candidates=("${JAVA_25_HOME:-}" /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/java-25-openjdk-amd64) ;;
  esac
  for home in "${candidates[@]}"; do
    if [ -n "$home" ] && [ -x "$home/bin/javac" ] && [ "$(java_version "$home")" = "$wanted" ]; then
      echo "$home"; return 0
    fi
  done
  return 1
}

logs=$(mktemp -d -t snowflake-compatibility.XXXXXX)
summary=()
total_passed=0
total_failed=0
status=0
for combination in "${combinations[@]}"; do
  case "$combination" in
    boot-4.0-java-25) profile=(); boot=4.0.7; java=25 ;;
    boot-4.1-java-17) profile=(-Pboot-4.1); boot=4.1.2; java=17 ;;
    boot-4.1-java-25) profile=(-Pboot-4.1); boot=4.1.2; java=25 ;;
    *) echo "compatibility: unknown combination '$combination' (one of: ${all[*]})"; exit 2 ;;
  esac
  if ! home=$(java_home "$java"); then
    echo "compatibility: no Java $java JDK found for $combination (set JAVA_${java}_HOME)"
    summary+=("$(printf '%-18s Spring Boot %s, Java %s: not run, no Java %s JDK' "$combination" "$boot" "$java" "$java")")
    status=1
    continue
  fi
  log="$logs/$combination.log"
  echo "compatibility: $combination: Spring Boot $boot on Java $java ($home), log $log"
  start=$(date +%s)
  set +e
  # a failing test fails the combination below, but does not keep the modules after it from running
  JAVA_HOME="$home" ./mvnw -B -ntp -T 2 -fae "${profile[@]}" clean test -Dmaven.test.failure.ignore=true \
    -Dgroups='!process | compatibility' -Dsnowflake.simulation.schedules=2000 >"$log" 2>&1
  build=$?
  set -e
  seconds=$(( $(date +%s) - start ))
  read -r tests failures errors skipped < <(cat */target/surefire-reports/TEST-*.xml 2>/dev/null | awk '
    /<testsuite / {
      for (i = 1; i <= 4; i++) { name = (i == 1) ? "tests" : (i == 2) ? "failures" : (i == 3) ? "errors" : "skipped"
        if (match($0, " " name "=\"[0-9]+\"")) { value = substr($0, RSTART, RLENGTH); gsub(/[^0-9]/, "", value); sum[i] += value } }
    }
    END { printf "%d %d %d %d\n", sum[1], sum[2], sum[3], sum[4] }')
  failed=$((failures + errors))
  passed=$((tests - failed - skipped))
  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed))
  line=$(printf '%-18s Spring Boot %s, Java %s: %d tests, %d failed, %d skipped, %dm%02ds' \
    "$combination" "$boot" "$java" "$tests" "$failed" "$skipped" $((seconds / 60)) $((seconds % 60)))
  if [ "$failed" -gt 0 ]; then
    status=1
    # Each failed test with the first lines of its exception, since only this output leaves the machine.
    grep -E -A 4 '<<< (FAILURE|ERROR)!' "$log" | sed 's/^/  /' | head -n 60 || true
  fi
  if [ "$build" -ne 0 ]; then
    line="$line, BUILD FAILED"
    status=1
    grep -E '^\[ERROR\]' "$log" | head -n 30 || true
  fi
  echo "compatibility: $line"
  summary+=("$line")
done

echo
echo "Compatibility matrix (the full suite runs on Spring Boot 4.0.7, Java 17):"
printf '  %s\n' "${summary[@]}"
echo "compatibility: $total_passed passed, $total_failed failed"
exit "$status"
