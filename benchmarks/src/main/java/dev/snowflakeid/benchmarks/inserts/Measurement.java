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
package dev.snowflakeid.benchmarks.inserts;

/**
 * One measured run of one strategy at one thread count.
 *
 * @param strategy the key strategy
 * @param threads inserting threads
 * @param rowsPerSecond rows inserted per second of wall time, commits included
 * @param indexBytes size of the primary-key index after the run
 * @param tableBytes size of the table (main fork) after the run
 */
record Measurement(KeyStrategy strategy, int threads, double rowsPerSecond, long indexBytes, long tableBytes) {

}
