/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
// Type-checks a Grafana dashboard JSON against the Dashboard type of @grafana/schema, the types Grafana
// publishes for its dashboard model, in strict mode: unknown properties, missing required ones and values
// of the wrong type are errors. Usage, in this folder: npm ci && node check-dashboard.mjs <dashboard.json>
//
// JSON carries string enums as plain strings, which TypeScript does not accept for an enum type, so the
// enum-typed properties are written as enum members; a string that is no member is reported here.

import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from '@grafana/schema';
import ts from 'typescript';

const here = dirname(fileURLToPath(import.meta.url));
const dashboardFile = resolve(process.argv[2]);
const dashboard = JSON.parse(readFileSync(dashboardFile, 'utf8'));

// "<parent key>.<key>" of a string-enum property -> the enum's name in @grafana/schema
const ENUMS = { 'color.mode': 'FieldColorModeId', 'thresholds.mode': 'ThresholdsMode' };
const problems = [];

function literal(value, parentKey, key, path) {
  if (Array.isArray(value)) {
    return '[' + value.map((item, i) => literal(item, key, null, `${path}[${i}]`)).join(', ') + ']';
  }
  if (value !== null && typeof value === 'object') {
    return '{' + Object.entries(value)
      .map(([k, v]) => JSON.stringify(k) + ': ' + literal(v, key, k, `${path}.${k}`))
      .join(', ') + '}';
  }
  const enumName = ENUMS[`${parentKey}.${key}`];
  if (enumName !== undefined && typeof value === 'string') {
    const member = Object.entries(schema[enumName]).find(([, v]) => v === value);
    if (member === undefined) {
      problems.push(`${path}: "${value}" is not a ${enumName}`);
      return JSON.stringify(value);
    }
    return `${enumName}.${member[0]}`;
  }
  return JSON.stringify(value);
}

const source = [
  `import { type Dashboard, ${Object.values(ENUMS).join(', ')} } from '@grafana/schema';`,
  // __inputs and __requires are the import/export envelope, not part of the stored model.
  'type Importable = Dashboard & { __inputs?: unknown[]; __requires?: Array<{ type: string; id: string; name: string; version: string }> };',
  `export const dashboard: Importable = ${literal(dashboard, null, null, '$')};`,
  '',
].join('\n');
const checked = join(here, '.dashboard-check.ts');
writeFileSync(checked, source);
try {
  const program = ts.createProgram([checked], {
    strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2020, skipLibCheck: true,
  });
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (diagnostic.file !== undefined && diagnostic.start !== undefined) {
      const near = diagnostic.file.text.slice(Math.max(0, diagnostic.start - 80), diagnostic.start + 40);
      problems.push(`${message}\n  near: ${near}`);
    }
    else {
      problems.push(message);
    }
  }
}
finally {
  rmSync(checked, { force: true });
}

const version = JSON.parse(readFileSync(join(here, 'node_modules/@grafana/schema/package.json'), 'utf8')).version;
if (problems.length > 0) {
  console.error(`${dashboardFile} does not match @grafana/schema ${version}:`);
  problems.forEach((problem) => console.error(`- ${problem}`));
  process.exit(1);
}
console.log(`${dashboardFile} matches the Dashboard type of @grafana/schema ${version}`);
