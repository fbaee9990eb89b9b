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

# Prints the modules a release publishes, one a line: those of the root POM that do not set
# maven.deploy.skip. With a commit, reads that commit's POMs instead of the working tree's.
#
#   scripts/published-modules.sh [COMMIT]
set -euo pipefail
cd "$(dirname "$0")/.."

pom() {
  if [ $# -gt 1 ]; then git show "$2:$1"; else cat "$1"; fi
}

for module in $(pom pom.xml "$@" | sed -n 's|.*<module>\(.*\)</module>.*|\1|p'); do
  pom "$module/pom.xml" "$@" | grep -q '<maven.deploy.skip>true' || echo "$module"
done
