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

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains an {@link InvalidSnowflakeConfigurationException}, naming the property and the
 * fix.
 */
class InvalidSnowflakeConfigurationFailureAnalyzer
		extends AbstractFailureAnalyzer<InvalidSnowflakeConfigurationException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, InvalidSnowflakeConfigurationException cause) {
		return new FailureAnalysis(
				"Invalid Snowflake ID configuration: " + cause.getMessage() + " (property '" + cause.property() + "').",
				cause.action(), cause);
	}

}
