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

# Puts the API baseline, the published modules of release VERSION, into the local Maven repository, where the
# API check (japicmp, in `verify`) compares each published module with it. Does nothing when they are there.
# Otherwise it finds the release: the tag VERSION; fetched from origin when the clone lacks it; or the commit
# "Release VERSION" of this branch's history. It builds that commit's published modules with the release profile
# in a temporary directory and installs them (version VERSION, so nothing of the working tree is overwritten).
#
#   scripts/api-baseline.sh [VERSION] [LOCAL_REPOSITORY]
set -euo pipefail
cd "$(dirname "$0")/.."

version=${1:-0.1.0}
repository=${2:-$HOME/.m2/repository}
group=dev/snowflakeid

fail() {
  echo "api-baseline: $*" >&2
  exit 1
}

release_commit() {
  local commit
  if commit=$(git rev-parse -q --verify "refs/tags/$version^{commit}"); then
    echo "$commit"
    return
  fi
  if git remote get-url origin >/dev/null 2>&1 \
    && git fetch -q origin "refs/tags/$version:refs/tags/$version" 2>/dev/null \
    && commit=$(git rev-parse -q --verify "refs/tags/$version^{commit}"); then
    echo "$commit"
    return
  fi
  if [ "$(git rev-parse --is-shallow-repository)" = true ]; then
    git fetch -q --unshallow 2>/dev/null || true
  fi
  commit=$(git log --format=%H --grep="^Release $version\$" HEAD | head -n 1)
  [ -n "$commit" ] || fail "no tag $version, none on origin, and no commit \"Release $version\" in this history"
  echo "$commit"
}

installed() {
  local module packaging
  for module in "$@"; do
    packaging=jar
    git show "$commit:$module/pom.xml" | grep -q '<packaging>pom</packaging>' && packaging=pom
    [ -f "$repository/$group/$module/$version/$module-$version.$packaging" ] || return 1
  done
}

commit=$(release_commit)
mapfile -t modules < <(scripts/published-modules.sh "$commit")
[ ${#modules[@]} -gt 0 ] || fail "release $version ($commit) lists no published module"
if installed "${modules[@]}"; then
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "api-baseline: building the published modules of $version (${commit:0:12}) for the API check"
git archive "$commit" | tar -x -C "$work"
list=$(IFS=,; echo "${modules[*]}")
(cd "$work" && ./mvnw -B -ntp -q -Prelease -Dgpg.skip -DskipTests -Dapi.check.skip -Dmaven.repo.local="$repository" \
  -pl "$list" -am install) || fail "the build of $version failed"
installed "${modules[@]}" || fail "the build of $version did not install every published module"
echo "api-baseline: $version installed in $repository"
