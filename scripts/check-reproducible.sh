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

# Builds the published modules twice from clean, with the release profile (jars, sources and Javadoc jars),
# and compares every jar byte for byte. Exits non-zero, naming the jars that differ, unless all are equal.
# project.build.outputTimestamp in the root pom fixes the archive entries' times.
set -euo pipefail
cd "$(dirname "$0")/.."

published=$(scripts/published-modules.sh | paste -sd, -)
first=$(mktemp -d)
trap 'rm -rf "$first"' EXIT

build() {
  ./mvnw -B -ntp -q -T 2 -Prelease -Dgpg.skip -DskipTests -pl "$published" -am clean package
}

jars() {
  for module in ${published//,/ }; do
    ls "$module"/target/*.jar
  done
}

build
for jar in $(jars); do
  mkdir -p "$first/$(dirname "$jar")"
  cp "$jar" "$first/$jar"
done
build

checked=0
differ=()
for jar in $(jars); do
  checked=$((checked + 1))
  if [ ! -f "$first/$jar" ]; then
    differ+=("$jar (only in the second build)")
  elif ! cmp -s "$first/$jar" "$jar"; then
    differ+=("$jar")
  fi
done
[ "$checked" -gt 0 ] || { echo "check-reproducible: no jar was built"; exit 1; }
if [ ${#differ[@]} -gt 0 ]; then
  echo "check-reproducible: ${#differ[@]} of $checked jars differ between two builds:"
  printf '  %s\n' "${differ[@]}"
  exit 1
fi
echo "check-reproducible: all $checked jars of the published modules are identical in two builds"
