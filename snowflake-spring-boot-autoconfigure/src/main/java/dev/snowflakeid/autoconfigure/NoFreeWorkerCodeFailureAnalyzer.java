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
package dev.snowflakeid.autoconfigure;

import dev.snowflakeid.lease.WorkerLeaseException.NoFreeWorkerCodeException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Explains a region whose worker codes are all leased. */
class NoFreeWorkerCodeFailureAnalyzer extends AbstractFailureAnalyzer<NoFreeWorkerCodeException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, NoFreeWorkerCodeException cause) {
		return new FailureAnalysis(
				"No free worker code: " + cause.getMessage()
						+ ", and none became free within snowflake.worker.lease.startup-wait-budget.",
				"Run fewer instances in region " + cause.region() + ", give the layout more worker bits "
						+ "(snowflake.layout.worker-bits, for a new ID format only), or raise "
						+ "snowflake.worker.lease.startup-wait-budget if old instances are still shutting down. A "
						+ "separate snowflake.worker.redis.namespace is safe only for applications whose IDs never "
						+ "meet in one table, topic or API.",
				cause);
	}

}
