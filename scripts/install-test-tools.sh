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

# Installs, from Debian's packages, the programs the test suite runs and that no Maven dependency can
# bring: redis-server and redis-cli (the lease tests start their own servers on free ports), Chromium
# and chromedriver (the browser test), promtool (the Prometheus rule tests of ops/, from the prometheus
# package, without its recommendations), libfaketime (a lease Redis whose clock disagrees with the
# application's; also the fault campaign's clock steps). PostgreSQL needs nothing: the tests start an
# embedded server from Maven Central. Installs only what is missing; run it as root (or with sudo) once
# per machine.
set -euo pipefail

missing=()
command -v redis-server >/dev/null 2>&1 && command -v redis-cli >/dev/null 2>&1 || missing+=(redis-server)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
[ -n "$(find /usr/lib /usr/local/lib -name libfaketime.so.1 2>/dev/null | head -n 1)" ] || missing+=(faketime)
lean=()
command -v promtool >/dev/null 2>&1 || lean+=(prometheus)
if [ ${#missing[@]} -eq 0 ] && [ ${#lean[@]} -eq 0 ]; then
  exit 0
fi
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
echo "install-test-tools: installing ${missing[*]} ${lean[*]}"
"${sudo[@]}" apt-get update -qq
if [ ${#missing[@]} -gt 0 ]; then
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ ${#lean[@]} -gt 0 ]; then
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${lean[@]}" >/dev/null
fi
